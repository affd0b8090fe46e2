import { profilePageTexts, profilePictureTexts, profileTexts, wizardTexts } from '@intergen/domain';
import { submittedExpert } from './profile-pages.support';
import { expect, test } from './support/fixtures';
import { publishedMatchingCompany } from './support/matching';
import { adminStorageStateFile } from './support/state';

test.describe('profile pages', () => {
  test('an admin approves a submitted business advisor, whose profile shows as published; others see no contact', async ({
    page,
    admin,
    browser,
  }) => {
    test.setTimeout(180_000);
    const expert = await submittedExpert(page, admin, 'pages-expert');

    // Under review: the pending banner and the status on the own profile.
    await page.goto('/profile/public');
    await expect(page.getByRole('status').filter({ hasText: profileTexts.pendingBanner })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: expert.name })).toBeVisible();
    await expect(page.getByText('Under review', { exact: true })).toBeVisible();

    // The admin finds it among the members awaiting approval and approves it on its page.
    const adminContext = await browser.newContext({ storageState: adminStorageStateFile });
    const adminPage = await adminContext.newPage();
    await adminPage.goto(
      `/admin/members?role=expert&status=pending&search=${encodeURIComponent(expert.email)}`,
    );
    const row = adminPage
      .getByRole('table', { name: 'Members' })
      .getByRole('row')
      .filter({ hasText: expert.email });
    await expect(row).toContainText('Under review');
    await row.getByRole('link', { name: expert.name }).click();
    const panel = adminPage.getByRole('region', { name: 'Status' });
    await panel.getByRole('button', { name: `Approve ${expert.name}` }).click();
    await expect(panel.getByText('Published', { exact: true })).toBeVisible();
    await adminContext.close();

    // The expert's own preview: published, with Edit and the own contact details.
    await page.goto('/profile/public');
    await expect(page.getByRole('heading', { level: 1, name: expert.name })).toBeVisible();
    await expect(page.getByText('Published', { exact: true })).toBeVisible();
    await expect(page.getByText('Business Advisor', { exact: true })).toBeVisible();
    await expect(page.getByText(profileTexts.pendingBanner)).toHaveCount(0);
    await expect(page.getByRole('link', { name: expert.email })).toBeVisible();
    await expect(page.getByRole('img', { name: profilePictureTexts.imageAlt(expert.name) })).toHaveAttribute(
      'src',
      /^\/avatars\/expert-[1-4]\.svg$/,
    );
    await page.getByRole('link', { name: wizardTexts.edit }).click();
    await page.waitForURL('**/profile/edit');

    // Another member (a published company, through the community) sees the profile without the contact details.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await publishedMatchingCompany(otherPage, admin);
    await otherPage.goto(`/view/${expert.id}`);
    await expect(otherPage.getByRole('heading', { level: 1, name: expert.name })).toBeVisible();
    await expect(otherPage.getByText(profilePageTexts.contactHidden)).toBeVisible();
    await expect(otherPage.getByText(expert.email)).toHaveCount(0);
    await expect(otherPage.locator('a[href^="mailto:"]')).toHaveCount(0);
    await expect(otherPage.getByRole('heading', { name: 'Experience' })).toBeVisible();
    await expect(otherPage.getByText('Technology', { exact: true })).toBeVisible();

    // /profile?id= is the same page; an unknown id is an error state, not a crash.
    await otherPage.goto(`/profile?id=${expert.id}`);
    await expect(otherPage.getByRole('heading', { level: 1, name: expert.name })).toBeVisible();
    await otherPage.goto('/view/no-such-profile');
    await expect(otherPage.getByRole('heading', { level: 1, name: 'Profile not found' })).toBeVisible();

    // A profile over the dashboard closes back to it.
    await otherPage.goto(`/dashboard/${expert.id}`);
    const dialog = otherPage.getByRole('dialog', { name: expert.name });
    await expect(dialog.getByText(profilePageTexts.contactHidden)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await otherPage.waitForURL((url) => url.pathname === '/dashboard');
    await expect(otherPage.getByRole('dialog')).toHaveCount(0);
    await other.close();
  });
});
