import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { authTexts, messages } from '@intergen/domain';
import type { Locator, Page } from '@playwright/test';
import { expect, logOut, newMember, signUp, test } from './support/fixtures';

/**
 * The signed-out entry (apps/web/src/signed-out.tsx): a visitor without a session at `/` or `/signup` gets the
 * login and the sign-up drawn, with React and Mantine only; signing in or up loads the app where it would have
 * navigated.
 */

interface ManifestChunk {
  file: string;
  imports?: string[];
}
const manifest = JSON.parse(
  readFileSync(fileURLToPath(new URL('../apps/web/dist/.vite/manifest.json', import.meta.url)), 'utf8'),
) as Record<string, ManifestChunk>;

/** The JavaScript files an entry loads at once: its chunk and what it imports statically. */
function entryFiles(entry: string): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  return files;
}
const signedOutFiles = entryFiles('src/signed-out.tsx');
/** What only the app's entry loads: the router, TanStack Query, zod, the layout. */
const appOnlyFiles = [...entryFiles('index.html')].filter((file) => !signedOutFiles.has(file));

/** Records the scripts a page fetches. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/** Presses Tab until `target` has the focus (a keyboard-only visitor's way through the page). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 25; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((node) => node === document.activeElement)) return;
  }
  throw new Error('Tab never reached the element');
}

const email = (page: Page) => page.getByRole('textbox', { name: 'Email', exact: true });
const password = (page: Page) => page.getByRole('textbox', { name: 'Password', exact: true });

test.describe('the signed-out entry', () => {
  test('a visitor without a session loads no router, query cache or schema code, and signs in by keyboard at 390 px', async ({
    page,
  }) => {
    const member = newMember('entry');
    await signUp(page, member, 'Business Advisor');
    await logOut(page);
    await page.context().clearCookies();

    await page.setViewportSize({ width: 390, height: 844 });
    const scripts = scriptsOf(page);
    await page.goto('/');
    const logIn = page.getByRole('button', { name: 'Log in' });
    await expect(logIn).toBeVisible();
    expect(appOnlyFiles.length).toBeGreaterThan(0);
    expect(scripts.filter((script) => appOnlyFiles.includes(script))).toEqual([]);
    expect(scripts.some((script) => signedOutFiles.has(script))).toBe(true);

    // Nothing is sent without both values; the caret goes to the first empty field.
    await tabTo(page, email(page));
    await page.keyboard.type(member.email);
    await page.keyboard.press('Enter');
    await expect(password(page)).toBeFocused();
    await expect(page.getByRole('alert')).toHaveCount(0);

    // A wrong password: the server's message, verbatim; editing clears it.
    await page.keyboard.type('not-the-password');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText(messages.invalidCredentials);
    await password(page).fill('');
    await expect(page.getByRole('alert')).toHaveCount(0);

    await password(page).focus();
    await page.keyboard.type(member.password);
    await page.keyboard.press('Enter');
    // Where the app sends an advisor whose profile is not complete, as its own login does.
    await page.waitForURL('**/profile/about');
    await expect(page.getByRole('heading', { level: 1, name: 'Basic information' })).toBeVisible();
  });

  test('sign-up checks the fields verbatim, switches with the login without a page load, and reaches the next step', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const scripts = scriptsOf(page);
    await page.goto('/');
    await page.evaluate(() => {
      (window as unknown as { samePage: boolean }).samePage = true;
    });
    await page.getByRole('link', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    const signUpButton = page.getByRole('button', { name: 'Sign Up' });
    await expect(signUpButton).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(authTexts.signUpTitle));

    // Back and forward between the two pages stay in the page.
    await page.goBack();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await page.goForward();
    await expect(signUpButton).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);

    // The spec's messages, in order, by keyboard only.
    await tabTo(page, signUpButton);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText(messages.allFieldsRequired);

    const member = newMember('entry-signup');
    await tabTo(page, page.getByRole('textbox', { name: 'Full name', exact: true }));
    await page.keyboard.type(member.name);
    await page.keyboard.press('Tab');
    await page.keyboard.type(member.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(member.password);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText(messages.profileTypeRequired);

    const advisor = page.getByRole('radio', { name: /Business Advisor/ });
    await tabTo(page, advisor);
    await page.keyboard.press('Space');
    await expect(advisor).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await tabTo(page, signUpButton);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/profile/about');
    await expect(page.getByRole('heading', { level: 1, name: 'Basic information' })).toBeVisible();
    expect(scripts.filter((script) => appOnlyFiles.includes(script)).length).toBeGreaterThan(0);
  });
});
