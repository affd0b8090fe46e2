import { limits } from './constants.ts';
import { messages } from './texts/common.ts';

/** The two member kinds; admins are a role on the user, not a kind. */
export const profileTypes = ['expert', 'company'] as const;
export type ProfileType = (typeof profileTypes)[number];

/** Title-cases a full name word by word, keeping inner capitals after hyphens and apostrophes. */
export function toTitleCase(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) =>
      word
        .toLowerCase()
        .replace(/(^|[-'’])(\p{L})/gu, (_m, sep: string, letter: string) => sep + letter.toUpperCase()),
    )
    .join(' ');
}

/** Splits on spaces: the first word is the first name, the last word the last name when there are two or more. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstName: '', lastName: '' };
  return { firstName: words[0]!, lastName: words.length > 1 ? words[words.length - 1]! : '' };
}

/**
 * Trims an e-mail address, composes it (Unicode NFC, so `é` typed as `e` + accent is the one `é`) and lower-cases
 * it, so that one mailbox has one account however its address is typed.
 */
export function normalizeEmail(email: string): string {
  return email.trim().normalize('NFC').toLowerCase().normalize('NFC');
}

/**
 * Characters no one can see or that reorder what is shown: controls, format characters (zero-width spaces and
 * joiners, bidirectional controls, the soft hyphen, the byte-order mark), line and paragraph separators, variation
 * selectors, the combining grapheme joiner and the Hangul fillers. An address holding one looks like another.
 */
const hiddenCharacters = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0]|\u034F|[\uFE00-\uFE0F]/u;

/** Whether an e-mail address holds a character that cannot be seen (see `hiddenCharacters`). */
export function hasHiddenCharacters(email: string): boolean {
  return hiddenCharacters.test(email);
}

const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export function isValidEmail(email: string): boolean {
  return emailPattern.test(email.trim()) && email.length <= 254 && !hasHiddenCharacters(email);
}

/** What is wrong with an e-mail address as typed (hidden characters first), or null. */
export function emailProblem(email: string): string | null {
  if (hasHiddenCharacters(email)) return messages.emailHiddenCharacters;
  return isValidEmail(email) ? null : messages.invalidEmail;
}

/**
 * A small list of the most common passwords of at least six characters (DESIGN.md §2, deliberate
 * addition to the spec's minimum length).
 */
const commonPasswords = new Set([
  '123456',
  '1234567',
  '12345678',
  '123456789',
  '1234567890',
  'password',
  'password1',
  'password123',
  'qwerty',
  'qwerty123',
  'qwertyuiop',
  '111111',
  '000000',
  '123123',
  '654321',
  '666666',
  '121212',
  'abc123',
  'abcdef',
  'iloveyou',
  'admin123',
  'letmein',
  'welcome',
  'welcome1',
  'monkey',
  'dragon',
  'football',
  'baseball',
  'sunshine',
  'princess',
  'starwars',
  'whatever',
  'trustno1',
  'passw0rd',
  'master',
  'shadow',
  'michael',
  'superman',
  'batman',
  'freedom',
  'secret',
  'changeme',
  'zaq12wsx',
  '1q2w3e4r',
  '1qaz2wsx',
  'asdfgh',
  'asdfghjkl',
  'qazwsx',
  '987654321',
  '7777777',
  '888888',
  '112233',
  'intergen',
  'intergen1',
  'intergen123',
]);

/** The first password rule a candidate breaks, as the message to show, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < limits.passwordMin) return messages.passwordTooShort;
  if (commonPasswords.has(password.toLowerCase())) return messages.passwordTooCommon;
  return null;
}

/** Normalises a typed verification code: trimmed and upper-cased (entry is case-insensitive). */
export function normalizeVerificationCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

/** Shortens a first name for the header: over 13 characters shows the first 10 plus an ellipsis. */
export function headerFirstName(firstName: string): string {
  return firstName.length > limits.headerFirstNameMax
    ? `${firstName.slice(0, limits.headerFirstNameKeep)}...`
    : firstName;
}

/** Shortens a name for a card: over 33 characters shows the first 30 plus an ellipsis. */
export function cardName(name: string): string {
  return name.length > limits.cardNameMax ? `${name.slice(0, limits.cardNameKeep)}...` : name;
}
