import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, newMember, signUp, test } from './support/fixtures';
import { adminStorageStateFile } from './support/state';

/** The serious and critical WCAG 2.x A/AA violations on the page as it is now. */
async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

for (const path of ['/', '/signup', '/forgotPassword', '/login-one-time-request', '/login-options']) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
  });
}

test('the sign-up with its error alert has no serious or critical violations at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
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

test('a member page and the Change Password dialog have no serious or critical violations', async ({
  page,
}) => {
  await signUp(page, newMember('axe'), 'Scaling Company');
  await page.goto('/profile/edit');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
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
