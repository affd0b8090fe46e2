import { expect, newMember, test } from './support/fixtures';
import { adminStorageStateFile } from './support/state';
import { blockingViolations, checkedWidths } from './support/wizard-a11y';

for (const width of checkedWidths) {
  test(`the signed-out pages have no serious or critical accessibility violations at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/', '/signup', '/forgotPassword', '/login-one-time-request', '/login-options']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await blockingViolations(page), `${path} at ${width} px`).toEqual([]);
    }
  });
}

test('the sign-up and the login with their error alerts have no serious or critical violations', async ({
  page,
}) => {
  for (const width of [...checkedWidths, 360]) {
    await page.setViewportSize({ width, height: 740 });
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await blockingViolations(page), `/signup at ${width} px`).toEqual([]);
  }
  for (const width of checkedWidths) {
    await page.setViewportSize({ width, height: 740 });
    await page.goto('/');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(newMember('axe-login').email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await blockingViolations(page), `/ with its messages at ${width} px`).toEqual([]);
  }
});

test('the login works with the keyboard alone', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.keyboard.press('Tab'); // skip link
  await page.keyboard.press('Tab'); // logo
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toBeFocused();
  await page.keyboard.type('nobody@example.com');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeFocused();
  await page.keyboard.type('wrong-password');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toBeVisible();
});

test('the profile type is chosen with the arrow keys', async ({ page }) => {
  await page.goto('/signup');
  const advisor = page.getByRole('radio', { name: /Business Advisor/ });
  const company = page.getByRole('radio', { name: /Scaling Company/ });
  await advisor.focus();
  await page.keyboard.press('Space');
  await expect(advisor).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(company).toBeFocused();
  await expect(company).toHaveAttribute('aria-checked', 'true');
});

test.describe('as the admin at 360 px', () => {
  test.use({ storageState: adminStorageStateFile, viewport: { width: 360, height: 740 } });

  test('the mailbox, the narrow menu and the help modal have no serious or critical violations', async ({
    page,
  }) => {
    await page.goto('/admin/mailbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Admin', 'Help', 'Logout']);
    expect(await blockingViolations(page)).toEqual([]);

    await menu.getByRole('menuitem', { name: 'Help' }).click();
    const dialog = page.getByRole('dialog', { name: 'Need help?' });
    await expect(dialog).toBeVisible();
    // Modal width at 640 px or less: the screen width minus 48.
    expect((await dialog.boundingBox())?.width).toBe(360 - 48);
    expect(await blockingViolations(page)).toEqual([]);
  });
});
