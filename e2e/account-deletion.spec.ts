import { readFile } from 'node:fs/promises';
import { accountDeletionMessages, adminDeleteMemberTexts, ownAccountTexts } from '@intergen/domain';
import type { Page } from '@playwright/test';
import { overflowsSideways } from './support/connections';
import { expect, logIn, newMember, signUp, test } from './support/fixtures';
import { suggestedPair } from './support/matching';
import { adminStorageStateFile } from './support/state';
import { blockingViolations } from './support/wizard-a11y';

/** A member's API call with their own session, as their browser makes it. */
async function call(page: Page, path: string, data: unknown = {}) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post(path, { data, headers: { origin } });
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}: ${await response.text()}`);
}

/** Signing in no longer works: the login answers with an error and stays on the login. */
async function expectNoSignIn(page: Page, email: string, password: string) {
  await page.goto('/');
  await logIn(page, email, password);
  await expect(page.getByRole('alert')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
}

test.describe('deleting an account', () => {
  test('an admin deletes a member who had a connection: gone from the counterpart, the list and the login', async ({
    page: expertPage,
    admin,
    browser,
  }) => {
    test.setTimeout(240_000);
    const pair = await suggestedPair(expertPage, admin, browser, 'expert');
    const { expert, companyPage, context: companyContext, suggestionId: requestId } = pair;
    await call(companyPage, '/api/connections', { suggestionId: requestId, message: 'Hello' });
    await call(expertPage, `/api/connections/${requestId}/accept`);

    // The company's network lists its new connection; the page stays open while the admin deletes.
    await companyPage.goto('/my-network?section=Advisors');
    const main = companyPage.getByRole('main');
    await expect(main.getByText(expert.name).first()).toBeVisible();

    const adminContext = await browser.newContext({ storageState: adminStorageStateFile });
    const adminPage = await adminContext.newPage();
    await adminPage.goto(`/admin/members/${expert.id}`);
    await expect(adminPage.getByRole('heading', { level: 1, name: expert.name })).toBeVisible();
    await adminPage.getByRole('button', { name: adminDeleteMemberTexts.action }).click();
    const dialog = adminPage.getByRole('dialog', { name: adminDeleteMemberTexts.title });
    const confirm = dialog.getByRole('button', { name: adminDeleteMemberTexts.confirm });
    await expect(confirm).toBeDisabled();
    const field = dialog.getByRole('textbox', { name: adminDeleteMemberTexts.confirmLabel });
    await field.fill('not-the-address@example.com');
    await expect(confirm).toBeDisabled();
    await field.fill(expert.email.toUpperCase());
    await expect(confirm).toBeEnabled();
    await expect(dialog).toHaveCSS('opacity', '1');
    expect(await blockingViolations(adminPage), 'the delete member dialog').toEqual([]);
    await confirm.click();

    // The admin lands on the members list, told it is done; the member is not in it.
    await adminPage.waitForURL((url) => url.pathname === '/admin/members');
    await expect(adminPage.getByText(adminDeleteMemberTexts.deletedMessage(expert.name))).toBeVisible();
    await adminPage.getByRole('searchbox', { name: 'Search' }).fill(expert.email);
    await expect(adminPage).toHaveURL(/search=/);
    await expect(adminPage.getByRole('table', { name: 'Members' }).getByText(expert.name)).toHaveCount(0);
    const gone = await adminContext.request.get(`/api/admin/profiles/${expert.id}`);
    expect(gone.status()).toBe(404);

    // The counterpart's open page drops them without a reload, and so does the dashboard.
    await expect(main.getByText(expert.name)).toHaveCount(0);
    await companyPage.goto('/dashboard');
    await expect(companyPage.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
    await expect(companyPage.getByRole('main').getByText(expert.name)).toHaveCount(0);

    // The member was signed out, and cannot sign in again.
    await expertPage.goto('/dashboard');
    await expertPage.waitForURL((url) => url.pathname === '/');
    await expectNoSignIn(expertPage, expert.email, expert.password);

    await adminContext.close();
    await companyContext.close();
  });

  test('a member downloads their data, then deletes the account with their password, by keyboard at 390 px', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const member = newMember('delete-own');
    await signUp(page, member, 'Business Advisor');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/profile/edit');

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: ownAccountTexts.downloadData }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^intergen-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await file.path())!, 'utf8'));
    expect(data.user).toMatchObject({ email: member.email, kind: 'expert', isAdmin: false });
    expect(data.profile).toMatchObject({ kind: 'expert', email: member.email });
    expect(data.contactInfo).toMatchObject({ email: member.email });
    expect(JSON.stringify(data)).not.toMatch(/password/i);

    const open = page.getByRole('button', { name: ownAccountTexts.deleteAction });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: ownAccountTexts.deleteTitle });
    await expect(dialog).toBeVisible();
    await expect.poll(() => overflowsSideways(page)).toBe(false);
    const password = dialog.getByLabel(ownAccountTexts.passwordLabel);
    await expect(password).toBeFocused();
    await page.keyboard.type('not my password');
    await page.keyboard.press('Enter');
    await expect(dialog.getByText(accountDeletionMessages.passwordWrong)).toBeVisible();
    await expect(dialog).toHaveCSS('opacity', '1');
    expect(await blockingViolations(page), 'the delete account dialog').toEqual([]);

    await password.fill('');
    await page.keyboard.type(member.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByText(ownAccountTexts.deleted)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expectNoSignIn(page, member.email, member.password);
  });
});
