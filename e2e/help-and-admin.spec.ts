import { helpTexts } from '@intergen/domain';
import { expect, newMember, signUp, test } from './support/fixtures';
import { adminStorageStateFile } from './support/state';

test.describe('as the admin', () => {
  test.use({ storageState: adminStorageStateFile });

  test('the help modal shows the support address, the reply time and Okay', async ({ page }) => {
    await page.goto('/admin/mailbox');
    await page.getByRole('banner').getByRole('button', { name: 'Help' }).click();
    const dialog = page.getByRole('dialog', { name: helpTexts.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await expect(dialog.getByText(helpTexts.replyTime)).toBeVisible();
    await dialog.getByRole('button', { name: 'Okay' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('the mailbox lists e-mails and opens one with its links', async ({ page, browser }) => {
    // A sign-up sends a verification e-mail.
    const visitor = await browser.newContext({ storageState: undefined });
    const member = newMember('mailbox');
    await signUp(await visitor.newPage(), member, 'Scaling Company');
    await visitor.close();

    await page.goto('/admin/mailbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: member.email });
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        return row.count();
      })
      .toBeGreaterThan(0);
    await row.first().getByRole('button').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(member.email)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  });

  test('admins keep /admin for themselves', async ({ page }) => {
    await page.goto('/admin');
    await page.waitForURL('**/admin/mailbox');
  });
});

test('a member without header links finds Help in the footer', async ({ page }) => {
  const member = newMember('help');
  await signUp(page, member, 'Scaling Company');
  await expect(page.getByRole('banner').getByRole('button')).toHaveCount(0);
  await page.getByRole('contentinfo').getByRole('button', { name: 'Help' }).click();
  await expect(page.getByRole('dialog', { name: helpTexts.title })).toBeVisible();

  await page.getByRole('button', { name: 'Okay' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Not an admin: the mailbox is not theirs; they go where their onboarding continues.
  await page.goto('/admin/mailbox');
  await page.waitForURL((url) => !url.pathname.startsWith('/admin'));
  await expect(page.getByRole('heading', { level: 1, name: 'Basic Information' })).toBeVisible();
});
