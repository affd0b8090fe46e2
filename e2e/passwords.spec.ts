import { messages } from '@intergen/domain';
import { expect, logIn, logOut, newMember, signUp, test } from './support/fixtures';
import { linkTo, waitForMail } from './support/mailbox';

test.describe('passwords', () => {
  test('a forgotten password is reset through the e-mailed link', async ({ page, admin }) => {
    const member = newMember('forgot');
    await signUp(page, member, 'Scaling Company');
    await logOut(page);

    await page.getByRole('link', { name: 'Forgot password' }).click();
    await expect(page).toHaveURL(/\/forgotPassword$/);
    const requestedAt = Date.now() - 1000;
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(member.email);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('status').filter({ hasText: messages.resetSuccess })).toBeVisible();

    const mail = await waitForMail(admin, member.email, /password/i, { after: requestedAt });
    await page.goto(linkTo(mail.text, '/reset-password'));

    const newPassword = `${member.password}-new`;
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
    await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toHaveText(messages.passwordsDoNotMatch);

    await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('status')).toBeVisible();
    await page.getByRole('link', { name: 'Log in' }).click();

    await logIn(page, member.email, member.password);
    await expect(page.getByRole('alert')).toBeVisible();
    await logIn(page, member.email, newPassword);
    // A new company lands where it completes its profile.
    await page.waitForURL('**/profile/about');
  });

  test('a member changes their password from Settings', async ({ page }) => {
    const member = newMember('change');
    await signUp(page, member, 'Scaling Company');
    await page.goto('/profile/edit');
    await expect(page.getByRole('heading', { level: 1, name: 'Basic Information' })).toBeVisible();

    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await expect(dialog).toBeVisible();
    const newPassword = `${member.password}-changed`;
    await dialog.getByRole('textbox', { name: 'Current password', exact: true }).fill(member.password);
    await dialog.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
    await dialog.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('something-else');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(messages.passwordsDoNotMatch);

    await dialog.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(newPassword);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect(dialog.getByText(messages.passwordChanged)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(dialog).toHaveCount(0);

    await logOut(page);
    await logIn(page, member.email, newPassword);
    await page.waitForURL('**/profile/about');
  });
});
