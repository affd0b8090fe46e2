import { messages } from '@intergen/domain';
import { expect, logIn, logOut, newMember, signUp, test } from './support/fixtures';

test.describe('sign-up and login', () => {
  test('a business advisor signs up and lands on Basic information', async ({ page }) => {
    const member = newMember('expert');
    await signUp(page, member, 'Business Advisor');
    await expect(page).toHaveURL(/\/profile\/about$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Basic information' })).toBeVisible();
    await expect(page).toHaveTitle(/Basic information/);
  });

  test('a new scaling company lands where it completes its profile, on every sign-in until it can see members', async ({
    page,
  }) => {
    const member = newMember('company');
    await signUp(page, member, 'Scaling Company');
    await expect(page).toHaveURL(/\/profile\/about$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Basic Information' })).toBeVisible();
    // No member data for it yet: the dashboard and the networks send it back to its wizard.
    for (const path of ['/dashboard', '/my-network', '/venture-community']) {
      await page.goto(path);
      await page.waitForURL('**/profile/about');
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Basic Information' })).toBeVisible();
    // Its own profile is reachable from the page, and leaving is always possible.
    await logOut(page);
    await logIn(page, member.email, member.password);
    await page.waitForURL('**/profile/about');
    await expect(page.getByRole('heading', { level: 1, name: 'Basic Information' })).toBeVisible();
  });

  test('an e-mail address can be registered only once', async ({ page }) => {
    const member = newMember('twice');
    await signUp(page, member, 'Scaling Company');
    await logOut(page);

    await page.goto('/signup');
    await page.getByRole('radio', { name: /Business Advisor/ }).click();
    await page.getByRole('textbox', { name: 'Full name', exact: true }).fill('Someone Else');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(member.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Another-sturdy-1');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('alert')).toHaveText(messages.emailAlreadyRegistered);
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('a member logs out and logs in again; a wrong password is refused', async ({ page }) => {
    const member = newMember('login');
    await signUp(page, member, 'Business Advisor');
    await logOut(page);

    // Signed out, the member's pages are closed.
    await page.goto('/profile/about');
    await expect(page).toHaveURL(/\/\?redirect=%2Fprofile%2Fabout$/);

    await page.goto('/');
    await logIn(page, member.email, 'not-the-password');
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    // Editing an input clears the error.
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(member.password);
    await expect(page.getByRole('alert')).toHaveCount(0);

    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/profile/about');
    // The session survives a reload (cookie).
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Basic information' })).toBeVisible();
    // A signed-in person opening the login goes to their landing.
    await page.goto('/');
    await page.waitForURL('**/profile/about');
  });
});
