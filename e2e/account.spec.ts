import { accountTexts, commonTexts, pauseReasonLabels } from '@intergen/domain';
import { publishedExpert } from './profile-pages.support';
import { expect, logIn, newMember, signUp, test } from './support/fixtures';
import { waitForMail } from './support/mailbox';
import { publishedMatchingCompany } from './support/matching';

test.describe('account dialogs and banners', () => {
  test('a published member pauses, sees the banner, resumes from it and is welcomed back', async ({
    page,
    admin,
  }) => {
    test.setTimeout(120_000);
    const expert = await publishedExpert(page, admin, 'account-pause');
    await page.goto('/profile/edit');
    await page.getByRole('button', { name: accountTexts.pauseTitle }).click();
    const pause = page.getByRole('dialog', { name: accountTexts.pauseTitle });
    await expect(pause.getByText(accountTexts.pauseBody)).toBeVisible();
    const confirm = pause.getByRole('button', { name: accountTexts.pauseTitle });
    await expect(confirm).toBeDisabled();
    await pause.getByRole('radio', { name: pauseReasonLabels.noConnections }).check();
    await pause.getByRole('textbox', { name: accountTexts.tellUsMore }).fill('Back in spring.');
    const pausedAt = Date.now() - 1000;
    await confirm.click();
    await expect(pause).toHaveCount(0);

    // The banner, on every page; a confirmation e-mail; the header stays (paused members keep access).
    const banner = page.getByRole('status').filter({ hasText: accountTexts.pausedBanner });
    await expect(banner).toBeVisible();
    await page.goto('/dashboard');
    await expect(banner).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await waitForMail(admin, expert.email, /pause/i, { after: pausedAt });

    await banner.getByRole('button', { name: accountTexts.resumeLink }).click();
    const resume = page.getByRole('dialog', { name: accountTexts.resumeTitle });
    await resume.getByRole('button', { name: accountTexts.resumeTitle }).click();
    await expect(resume).toHaveCount(0);
    const welcome = page.getByRole('status').filter({ hasText: accountTexts.welcomeBack });
    await expect(welcome).toBeVisible();
    await expect(banner).toHaveCount(0);
    await welcome.getByRole('button', { name: commonTexts.dismiss }).click();
    await expect(welcome).toHaveCount(0);
    await page.goto('/profile/edit');
    await expect(page.getByRole('button', { name: accountTexts.pauseTitle })).toBeVisible();
  });

  test('an expert sets the profile private and public again', async ({ page, admin, browser }) => {
    test.setTimeout(180_000);
    const expert = await publishedExpert(page, admin, 'account-privacy');
    await page.goto('/profile/edit');
    await expect(page.getByText(accountTexts.privacyCurrent('public'))).toBeVisible();
    await page.getByRole('button', { name: accountTexts.privacyTitle }).click();
    const dialog = page.getByRole('dialog', { name: accountTexts.privacyTitle });
    await expect(dialog.getByText(accountTexts.privacyPrivateBody)).toBeVisible();
    await expect(dialog.getByRole('link', { name: accountTexts.communityLink })).toHaveAttribute(
      'href',
      '/community',
    );
    await dialog.getByRole('button', { name: accountTexts.setPrivate }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText(accountTexts.privacyCurrent('private'))).toBeVisible();

    // Private hides the profile from other members (a published company that would see it in the community).
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await publishedMatchingCompany(otherPage, admin);
    await otherPage.goto(`/view/${expert.id}`);
    await expect(otherPage.getByRole('heading', { level: 1, name: 'Profile not found' })).toBeVisible();

    await page.getByRole('button', { name: accountTexts.privacyTitle }).click();
    await dialog.getByRole('button', { name: accountTexts.setPublic }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText(accountTexts.privacyCurrent('public'))).toBeVisible();
    await otherPage.reload();
    await expect(otherPage.getByRole('heading', { level: 1, name: expert.name })).toBeVisible();
    await other.close();
  });

  test('a member disables the account: signed out, and the old password no longer works', async ({
    page,
  }) => {
    const member = newMember('account-disable');
    await signUp(page, member, 'Scaling Company');
    await page.goto('/profile/edit');
    await page.getByRole('button', { name: accountTexts.disableTitle }).click();
    const dialog = page.getByRole('dialog', { name: accountTexts.disableTitle });
    await expect(dialog.getByText(accountTexts.disableWarning)).toBeVisible();
    const confirm = dialog.getByRole('button', { name: accountTexts.disableTitle });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('checkbox', { name: "I'm receiving too many emails" }).check();
    await expect(confirm).toBeEnabled();
    await confirm.click();

    await page.waitForURL((url) => url.pathname === '/' && url.search === '');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await page.goto('/dashboard');
    await page.waitForURL(/\/\?redirect=%2Fdashboard$/);

    await logIn(page, member.email, member.password);
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/\?redirect=%2Fdashboard$/);
  });

  test("signing out everywhere ends the other browser's session too and lands this one on the login", async ({
    page,
    admin,
    browser,
  }) => {
    test.setTimeout(180_000);
    const expert = await publishedExpert(page, admin, 'account-everywhere');
    const elsewhere = await browser.newContext();
    const other = await elsewhere.newPage();
    await other.goto('/');
    await logIn(other, expert.email, expert.password);
    await other.waitForURL((url) => url.pathname !== '/');
    await expect(other.getByRole('button', { name: 'Log in' })).toHaveCount(0);

    await page.goto('/profile/edit');
    await page.getByRole('button', { name: accountTexts.signOutEverywhere }).click();
    const dialog = page.getByRole('dialog', { name: accountTexts.signOutEverywhere });
    await expect(dialog.getByText(accountTexts.signOutEverywhereBody)).toBeVisible();
    await dialog.getByRole('button', { name: accountTexts.signOutEverywhere }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();

    // The other browser is signed out as well: its next page is the login.
    await other.goto('/dashboard');
    await expect(other.getByRole('button', { name: 'Log in' })).toBeVisible();
    await elsewhere.close();
  });
});
