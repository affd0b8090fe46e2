import { describe, expect, it } from 'vitest';
import {
  cardName,
  emailProblem,
  headerFirstName,
  isValidEmail,
  normalizeEmail,
  normalizeVerificationCode,
  passwordProblem,
  splitName,
  toTitleCase,
} from './accounts.ts';
import { limits } from './constants.ts';
import { messages } from './texts/common.ts';

describe('toTitleCase', () => {
  it.each([
    ['ada lovelace', 'Ada Lovelace'],
    ['GRACE HOPPER', 'Grace Hopper'],
    ['  grace   brewster HOPPER ', 'Grace Brewster Hopper'],
    ["mary-jane o'neil", "Mary-Jane O'Neil"],
    ['émile zola', 'Émile Zola'],
    ['cher', 'Cher'],
    ['', ''],
  ])('turns %j into %j', (input, expected) => {
    expect(toTitleCase(input)).toBe(expected);
  });
});

describe('splitName', () => {
  it('takes a single word as the first name and leaves the last name empty', () => {
    expect(splitName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
  });

  it('splits two words into first and last name', () => {
    expect(splitName('Ada Lovelace')).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
  });

  it('takes the first and the last of many words, dropping the middle ones', () => {
    expect(splitName('Grace Brewster Murray Hopper')).toEqual({ firstName: 'Grace', lastName: 'Hopper' });
  });

  it('ignores leading, trailing and repeated spaces', () => {
    expect(splitName('   Ada    Lovelace  ')).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
  });

  it('gives empty names for a blank input', () => {
    expect(splitName('   ')).toEqual({ firstName: '', lastName: '' });
  });
});

describe('normalizeEmail', () => {
  it('trims and lower-cases so one mailbox maps to one account', () => {
    expect(normalizeEmail('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
  });
});

describe('isValidEmail', () => {
  it.each(['a@b.co', 'first.last+tag@sub.example.org', 'x_y@example.museum'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    'not-an-email',
    'a@b',
    'a b@c.de',
    '@example.com',
    'a@.com',
    'a@example.',
    'a@@example.com',
    'a@example..com',
    '',
    `${'a'.repeat(250)}@example.com`,
  ])('refuses %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});

describe('passwordProblem', () => {
  it('refuses fewer than the minimum number of characters with the length message', () => {
    expect(passwordProblem('a'.repeat(limits.passwordMin - 1))).toBe(messages.passwordTooShort);
    expect(passwordProblem('abc')).toBe(messages.passwordTooShort);
    expect(passwordProblem('')).toBe(messages.passwordTooShort);
  });

  it('refuses a common password whatever its case', () => {
    expect(passwordProblem('password')).toBe(messages.passwordTooCommon);
    expect(passwordProblem('PassWord1')).toBe(messages.passwordTooCommon);
    expect(passwordProblem('123456')).toBe(messages.passwordTooCommon);
  });

  it('accepts an uncommon password of exactly the minimum length and longer ones', () => {
    expect(passwordProblem('zx9!kq')).toBeNull();
    expect(passwordProblem('correct-horse-7')).toBeNull();
  });
});

describe('normalizeVerificationCode', () => {
  it('upper-cases the entry so codes are case-insensitive', () => {
    expect(normalizeVerificationCode('ab3cd')).toBe('AB3CD');
  });

  it('removes spaces anywhere in the entry', () => {
    expect(normalizeVerificationCode(' ab 3c d ')).toBe('AB3CD');
  });
});

describe('headerFirstName', () => {
  it('keeps a first name of 13 characters whole', () => {
    expect(headerFirstName('Abcdefghijklm')).toBe('Abcdefghijklm');
  });

  it('shows the first 10 characters and an ellipsis for a first name of 14', () => {
    expect(headerFirstName('Abcdefghijklmn')).toBe('Abcdefghij...');
  });
});

describe('cardName', () => {
  it('keeps a name of 33 characters whole', () => {
    const name = 'A'.repeat(33);
    expect(cardName(name)).toBe(name);
  });

  it('shows the first 30 characters and an ellipsis for a name of 34', () => {
    const name = `${'B'.repeat(30)}CDEF`;
    expect(cardName(name)).toBe(`${'B'.repeat(30)}...`);
  });
});

describe('e-mail addresses that look alike', () => {
  it('are one address once composed (NFC) and lower-cased', () => {
    expect(normalizeEmail(' Rene\u0301@Example.COM ')).toBe(normalizeEmail('ren\u00e9@example.com'));
    expect(normalizeEmail('ren\u00c9@example.com')).toBe('ren\u00e9@example.com');
  });

  it.each([
    ['a zero-width space', 'ada\u200b@example.com'],
    ['a zero-width joiner', 'ad\u200da@example.com'],
    ['a right-to-left override', 'ada\u202e@example.com'],
    ['a bidi isolate', '\u2066ada@example.com'],
    ['a byte-order mark', 'ada@exa\ufeffmple.com'],
    ['a soft hyphen', 'ada\u00ad@example.com'],
    ['a control character', 'ada\u0007@example.com'],
    ['a Hangul filler', 'ada\u3164@example.com'],
  ])('are refused with a clear message when they hold %s', (_what, email) => {
    expect(emailProblem(email)).toBe(messages.emailHiddenCharacters);
    expect(isValidEmail(email)).toBe(false);
  });

  it('accepts letters of any script', () => {
    expect(emailProblem('ren\u00e9@example.com')).toBeNull();
    expect(emailProblem('\u0430\u0434\u0430@example.com')).toBeNull();
  });
});
