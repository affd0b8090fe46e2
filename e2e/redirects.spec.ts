import { expect, logIn, logOut, newMember, signUp, test } from './support/fixtures';
import { publishedMatchingCompany } from './support/matching';

test.describe('redirects', () => {
  test('an unknown path while signed out goes to the login with the path as redirect', async ({ page }) => {
    await page.goto('/somewhere/else?x=1');
    await expect(page).toHaveURL(/\/\?redirect=%2Fsomewhere%2Felse%3Fx%3D1$/);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  });

  test('a published company is sent on to /my-network after logging in', async ({ page, admin }) => {
    test.setTimeout(120_000);
    const member = await publishedMatchingCompany(page, admin);
    await page.goto('/dashboard');
    await logOut(page);

    await page.goto('/my-network?section=Requests');
    await expect(page).toHaveURL(/\/\?redirect=%2Fmy-network%3Fsection%3DRequests$/);
    await logIn(page, member.email, member.password);
    await page.waitForURL('**/my-network?section=Requests');
    await expect(page.getByRole('heading', { level: 1, name: 'My Network' })).toBeVisible();
  });

  test('an expert may not be redirected to the dashboard and lands on Basic information', async ({
    page,
  }) => {
    const member = newMember('redirect-expert');
    await signUp(page, member, 'Business Advisor');
    await logOut(page);

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/\?redirect=%2Fdashboard$/);
    await logIn(page, member.email, member.password);
    await page.waitForURL('**/profile/about');
    await expect(page.getByRole('heading', { level: 1, name: 'Basic information' })).toBeVisible();
  });

  test('a new company asking for /my-network lands where it completes its profile', async ({ page }) => {
    const member = newMember('redirect-new-company');
    await signUp(page, member, 'Scaling Company');
    await logOut(page);
    await page.goto('/my-network?section=Requests');
    await logIn(page, member.email, member.password);
    await page.waitForURL('**/profile/about');
    await expect(page.getByRole('heading', { level: 1, name: 'Basic Information' })).toBeVisible();
  });

  test('an unknown path while signed in goes to the onboarding target', async ({ page }) => {
    const member = newMember('unknown-path');
    await signUp(page, member, 'Business Advisor');
    await page.goto('/no/such/page');
    await page.waitForURL('**/profile/about');
  });
});
