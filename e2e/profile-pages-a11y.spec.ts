import AxeBuilder from '@axe-core/playwright';
import { accountTexts, commonTexts } from '@intergen/domain';
import type { Page } from '@playwright/test';
import { publishedExpert } from './profile-pages.support';
import { expect, test } from './support/fixtures';
import { adminStorageStateFile } from './support/state';

/** The serious and critical WCAG 2.x A/AA violations on the page as it is now. */
async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary} ${n.html}`).join(', ')})`,
    );
}

test('the profile page, the account dialogs, the banners and the admin pages have no serious violations', async ({
  page,
  admin,
  browser,
}) => {
  test.setTimeout(150_000);
  const expert = await publishedExpert(page, admin, 'a11y-expert');

  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/profile/public');
    await expect(page.getByRole('heading', { level: 1, name: expert.name })).toBeVisible();
    expect(await blockingViolations(page), `/profile/public at ${width}`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/profile/edit');
  for (const title of [accountTexts.pauseTitle, accountTexts.privacyTitle, accountTexts.disableTitle]) {
    await page.getByRole('button', { name: title }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    expect(await blockingViolations(page), title).toEqual([]);
    await dialog.getByRole('button', { name: commonTexts.cancel }).click();
    await expect(dialog).toHaveCount(0);
  }

  // Paused: the banner, and the Resume dialog.
  await page.getByRole('button', { name: accountTexts.pauseTitle }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: accountTexts.tellUsMore }).fill('A break');
  await page.getByRole('dialog').getByRole('button', { name: accountTexts.pauseTitle }).click();
  await page.goto('/dashboard');
  await expect(page.getByText(accountTexts.pausedBanner)).toBeVisible();
  expect(await blockingViolations(page), 'paused banner').toEqual([]);
  await page.getByRole('button', { name: accountTexts.resumeLink }).click();
  await expect(page.getByRole('dialog', { name: accountTexts.resumeTitle })).toBeVisible();
  expect(await blockingViolations(page), 'resume dialog').toEqual([]);
  await page.getByRole('dialog').getByRole('button', { name: accountTexts.resumeTitle }).click();
  await expect(page.getByText(accountTexts.welcomeBack)).toBeVisible();
  // Scan once the dialog has faded out: mid-fade its text has too little contrast.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await blockingViolations(page), 'welcome back').toEqual([]);

  const context = await browser.newContext({ storageState: adminStorageStateFile });
  const adminPage = await context.newPage();
  await adminPage.goto('/admin/members');
  await expect(adminPage.getByRole('table', { name: 'Members' })).toBeVisible();
  expect(await blockingViolations(adminPage), '/admin/members').toEqual([]);
  await adminPage.goto(`/admin/members/${expert.id}`);
  await expect(adminPage.getByRole('region', { name: 'Status' })).toBeVisible();
  expect(await blockingViolations(adminPage), '/admin/members/:id').toEqual([]);
  await context.close();
});
