import { isValidEmail } from './accounts.ts';
import { newChangesPopupReleasedAt } from './interface-rules.ts';
import { newChangesPopupTexts } from './texts/navigation.ts';

/**
 * The run-time settings admins change in the console (DESIGN.md §2, Settings): the rules of their
 * values. Their words are in texts/settings.ts; the matching thresholds' defaults and ranges in matching/.
 */

/** The environments the app runs in (`APP_ENV`, spec 001 §9); some settings have a value per environment. */
export const appEnvironments = ['production', 'staging', 'development'] as const;
export type AppEnvironment = (typeof appEnvironments)[number];

/** The roles a hosted survey form is for: the forms differ for expert versus company (spec 001 §9). */
export const surveyFormRoles = ['expert', 'company'] as const;
export type SurveyFormRole = (typeof surveyFormRoles)[number];

/** How long a setting's text may be (ours). */
export const settingsLimits = {
  urlMax: 2000,
  emailMax: 254,
  popupTitleMax: 120,
  popupIntroMax: 1000,
  popupItemMax: 300,
  popupItemsMax: 10,
} as const;

/** After how many days in one stage the CRM board marks an open deal as not moving (ours): default and range. */
export const stalledDealDays = { default: 14, min: 1, max: 365 } as const;

/**
 * The community-tab flag of an environment that no admin has set: on in production (spec 001 §9). The server's
 * own environment follows its `COMMUNITY_TAB` configuration instead, which defaults to the same.
 */
export function communityTabByDefault(env: AppEnvironment): boolean {
  return env === 'production';
}

/**
 * Whether `value` may be embedded as a survey form: an absolute `https://` address with a host and no user name
 * or password in it (the content security policy frames https only; credentials would be shown to members).
 */
export function isHttpsUrl(value: string): boolean {
  if (value.length > settingsLimits.urlMax || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** Whether `value` is a calendar day written `YYYY-MM-DD` (a real one: no 31 April), from year 2000 to 2999. */
export function isIsoDay(value: string): boolean {
  const match = /^(2\d{3})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Midnight UTC of a `YYYY-MM-DD` day, in milliseconds since the epoch. */
export function isoDayToMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** The `YYYY-MM-DD` UTC day of a time in milliseconds since the epoch. */
export function msToIsoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Whether `value` may be the support address: a well-formed e-mail address (it goes into mails and mailto links). */
export function isSupportEmail(value: string): boolean {
  return value.length <= settingsLimits.emailMax && isValidEmail(value);
}

/** The version-change popup as it ships: this version's release date and the words of texts/navigation.ts. */
export const defaultNewChangesPopup = {
  releaseDate: msToIsoDay(newChangesPopupReleasedAt),
  title: newChangesPopupTexts.title,
  intro: newChangesPopupTexts.intro,
  items: [...newChangesPopupTexts.items],
};
