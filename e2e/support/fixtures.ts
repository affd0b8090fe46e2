import { type APIRequestContext, test as base, expect, type Page, request } from '@playwright/test';
import { adminStorageStateFile, readServerState } from './state';

export { expect };

export type ProfileTypeLabel = 'Business Advisor' | 'Scaling Company';

export interface Member {
  name: string;
  email: string;
  password: string;
}

let counter = 0;

/** A unique member for one test (the database is shared by the whole run). */
export function newMember(tag: string): Member {
  counter += 1;
  const stamp = `${Date.now()}${counter}${Math.floor(Math.random() * 1000)}`;
  return {
    name: `Test ${tag.replace(/[^a-z]/gi, '')} Person`,
    email: `${tag}-${stamp}@example.com`,
    password: `Sturdy-${stamp}`,
  };
}

/** A few random letters (names are title-cased at sign-up, so digits would read oddly). */
export function letters(count: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz';
  return Array.from({ length: count }, () => alphabet[Math.floor(Math.random() * 26)]).join('');
}

/** A member named `{first} {random last name}`, unique in the run, with an e-mail under `prefix`. */
export function uniqueNamedMember(prefix: string, first: string): Member {
  const tag = letters(8);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return {
    name: `${first} ${tag[0]!.toUpperCase()}${tag.slice(1)}`,
    email: `${prefix}-${first.toLowerCase()}-${stamp}@example.com`,
    password: `Sturdy-${stamp}`,
  };
}

interface Fixtures {
  /** An API client signed in as the admin, to read the mailbox as a person would in /admin/mailbox. */
  admin: APIRequestContext;
}

export const test = base.extend<Fixtures>({
  // Playwright reads the fixture's dependencies from this destructuring; this one has none.
  // biome-ignore lint/correctness/noEmptyPattern: required by Playwright's fixture syntax.
  baseURL: async ({}, use) => {
    await use(readServerState().baseURL);
  },
  admin: async ({ baseURL }, use) => {
    const context = await request.newContext({ baseURL, storageState: adminStorageStateFile });
    await use(context);
    await context.dispose();
  },
});

/**
 * Signs up through the form and waits for the landing page: Basic information for both, since a new company
 * cannot see other members yet and lands where it completes its profile.
 */
export async function signUp(page: Page, member: Member, type: ProfileTypeLabel) {
  await page.goto('/signup');
  await page.getByRole('radio', { name: new RegExp(type) }).click();
  await page.getByRole('textbox', { name: 'Full name', exact: true }).fill(member.name);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(member.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL('**/profile/about');
}

/** Logs in through the form at the current page (`/` or `/login-options`). */
export async function logIn(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Logs out with the footer's button (new members have no header links yet) and waits for the login. */
export async function logOut(page: Page) {
  await page.getByRole('contentinfo').getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === '/' && url.search === '');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
}
