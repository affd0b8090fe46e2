import { expect, logIn, logOut, newMember, signUp, test } from './support/fixtures';
import { linkTo, waitForMail } from './support/mailbox';

test('a one-time link signs a member in, and their password still works afterwards', async ({
  page,
  admin,
}) => {
  const member = newMember('one-time');
  await signUp(page, member, 'Business Advisor');
  await logOut(page);

  await page.getByRole('link', { name: /one-time sign-in link/ }).click();
  await expect(page).toHaveURL(/\/login-one-time-request$/);
  const requestedAt = Date.now() - 1000;
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(member.email);
  await page.getByRole('button', { name: 'Request one time link' }).click();
  await expect(page.getByRole('status')).toBeVisible();

  const mail = await waitForMail(admin, member.email, /sign-in link/i, { after: requestedAt });
  await page.goto(linkTo(mail.text, '/login-options'));
  await page.waitForURL('**/profile/about');
  await expect(page.getByRole('heading', { level: 1, name: 'Basic information' })).toBeVisible();

  // The link is single use.
  await logOut(page);
  await page.goto(linkTo(mail.text, '/login-options'));
  await expect(page.getByRole('alert')).toBeVisible();

  await page.goto('/');
  await logIn(page, member.email, member.password);
  await page.waitForURL('**/profile/about');
});
