import { profileTypeLabels } from '@intergen/domain';
import { completeCompany, submittedExpert } from './profile-pages.support';
import { expect, test } from './support/fixtures';
import { adminStorageStateFile } from './support/state';

test.describe('admin profiles', () => {
  test('the admin publishes a company, opens it, unpublishes, deactivates and activates it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const company = await completeCompany(page, 'admin-company');

    const context = await browser.newContext({ storageState: adminStorageStateFile });
    const adminPage = await context.newPage();
    await adminPage.goto('/admin/mailbox');
    await adminPage
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Profiles' })
      .click();
    await adminPage.waitForURL('**/admin/profiles');

    // Filter: complete companies.
    await adminPage.getByRole('combobox', { name: 'Type' }).click();
    await adminPage.getByRole('option', { name: profileTypeLabels.company }).click();
    await adminPage.getByRole('combobox', { name: 'Status' }).click();
    await adminPage.getByRole('option', { name: 'Complete', exact: true }).click();
    await expect(adminPage).toHaveURL(/kind=company/);
    await expect(adminPage).toHaveURL(/status=complete/);
    const all = adminPage.getByRole('table', { name: 'All profiles' });
    const row = all.getByRole('row').filter({ hasText: company.email });
    await expect(row).toContainText('100%');
    await row.getByRole('button', { name: `Publish ${company.name}` }).click();
    // Published, it leaves the "complete" list.
    await expect(row).toHaveCount(0);

    await adminPage.goto(`/admin/profiles?kind=company&status=published`);
    await all
      .getByRole('row')
      .filter({ hasText: company.email })
      .getByRole('link', { name: `Open ${company.name}` })
      .click();
    await adminPage.waitForURL(`**/admin/profiles/${company.id}`);
    await expect(adminPage.getByRole('heading', { level: 1, name: company.name })).toBeVisible();
    const panel = adminPage.getByRole('region', { name: 'Status' });
    await expect(panel.getByText('Published', { exact: true })).toBeVisible();
    await expect(adminPage.getByRole('heading', { name: 'Company info' })).toBeVisible();
    await expect(adminPage.getByText('Analytical Engines')).toBeVisible();

    // Unpublish, with a reason.
    await panel.getByRole('button', { name: `Unpublish ${company.name}` }).click();
    let dialog = adminPage.getByRole('dialog', { name: `Unpublish ${company.name}` });
    await dialog.getByRole('button', { name: 'Unpublish' }).click();
    await expect(dialog.getByText('Please give a reason.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Incomplete company details');
    await dialog.getByRole('button', { name: 'Unpublish' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(panel.getByText('Incomplete company details')).toBeVisible();

    // Deactivate: the member is signed out at once.
    await panel.getByRole('button', { name: `Deactivate ${company.name}` }).click();
    dialog = adminPage.getByRole('dialog', { name: `Deactivate ${company.name}` });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Spam');
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect(panel.getByText('Inactive', { exact: true })).toBeVisible();
    await page.goto('/dashboard');
    await page.waitForURL(/\/\?redirect=/);

    // Activating gives back what the deactivation took away: it was unpublished by the team then, so it stays so.
    await panel.getByRole('button', { name: `Activate ${company.name}` }).click();
    await expect(panel.getByText('Disabled', { exact: true })).toBeVisible();
    await expect(panel.getByText('Inactive', { exact: true })).toHaveCount(0);
    await context.close();
  });

  test('the admin verifies a business advisor awaiting approval; the badge shows on the profile', async ({
    page,
    admin,
    browser,
  }) => {
    test.setTimeout(120_000);
    const expert = await submittedExpert(page, admin, 'admin-verify');
    const context = await browser.newContext({ storageState: adminStorageStateFile });
    const adminPage = await context.newPage();
    await adminPage.goto('/admin/profiles');
    const row = adminPage.getByRole('table', { name: 'Awaiting approval' }).getByRole('row').filter({
      hasText: expert.email,
    });
    await row.getByRole('button', { name: `Verify ${expert.name}` }).click();
    await expect(row.getByRole('button', { name: `Unverify ${expert.name}` })).toBeVisible();
    await row.getByRole('button', { name: `Approve ${expert.name}` }).click();
    await expect(row).toHaveCount(0);
    await context.close();

    await page.goto('/profile/public');
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  });
});
