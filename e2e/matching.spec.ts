import { matchPartLabels } from '@intergen/domain';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { publishedMatchingCompany, publishedMatchingExpert } from './support/matching';
import { adminStorageStateFile } from './support/state';
import { blockingViolations } from './support/wizard-a11y';

/** Types into a searchable picker and picks the option that reads `option`. */
async function pick(page: Page, picker: string, search: string, option: string) {
  const box = page.getByRole('combobox', { name: picker });
  await box.click();
  await box.fill(search);
  await page.getByRole('option', { name: option }).click();
  await expect(box).toHaveValue(option);
}

/** The score a ring reads out ("Match score: 45 out of 100"). */
async function scoreOf(scope: Locator): Promise<number> {
  const name = await scope
    .getByRole('img', { name: /^Match score: \d+ out of 100$/ })
    .first()
    .getAttribute('aria-label');
  return Number(/(\d+) out of/.exec(name ?? '')?.[1]);
}

test.describe('match suggestions', () => {
  test('an admin suggests a company to a business advisor, who sees why on the dashboard and clears it', async ({
    page,
    admin,
    browser,
  }) => {
    test.setTimeout(180_000);
    const expert = await publishedMatchingExpert(page, admin);
    const companyContext = await browser.newContext();
    const company = await publishedMatchingCompany(await companyContext.newPage(), admin);
    await companyContext.close();
    const companyLabel = `${company.companyName} — ${company.name}`;

    // The admin picks the pair in /admin/suggestions and sees the score and why before creating.
    const adminContext = await browser.newContext({ storageState: adminStorageStateFile });
    const adminPage = await adminContext.newPage();
    await adminPage.goto('/admin/suggestions');
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Match suggestions' })).toBeVisible();
    const create = adminPage.getByRole('button', { name: 'Create suggestion' });
    await expect(create).toBeDisabled();
    await pick(adminPage, 'Business advisor', expert.name, `${expert.name} — Published`);
    await pick(adminPage, 'Scaling company', company.companyName ?? '', companyLabel);

    const preview = adminPage.getByRole('region', { name: 'Score preview' });
    await expect(preview.getByRole('img', { name: /^Match score: \d+ out of 100$/ })).toBeVisible();
    const score = await scoreOf(preview);
    expect(score).toBeGreaterThan(0);
    await expect(preview.getByText(matchPartLabels.needs, { exact: true })).toBeVisible();
    const industry = preview.getByRole('list', { name: `In common for ${matchPartLabels.industry}` });
    await expect(industry.getByText('eCommerce', { exact: true })).toBeVisible();
    expect(await blockingViolations(adminPage), '/admin/suggestions with a preview').toEqual([]);

    await expect(create).toBeEnabled();
    await create.click();
    await expect(
      adminPage.getByText(
        `Suggestion created: ${expert.name} and ${company.companyName} will see each other in their recommendations.`,
      ),
    ).toBeVisible();
    await expect(adminPage.getByRole('alert')).toHaveCount(0);
    // Creating the same pair again changes nothing.
    await create.click();
    await expect(adminPage.getByText(/already existed; nothing was changed\.$/)).toBeVisible();

    // A full matching run is followed until it is done.
    const run = adminPage.getByRole('region', { name: 'Full matching run' });
    await run.getByRole('button', { name: 'Start full matching run' }).click();
    const progress = run.getByRole('status');
    await expect(progress.getByText('Done', { exact: true }).first()).toBeVisible({ timeout: 60_000 });
    await expect(run.getByRole('button', { name: 'Start full matching run' })).toBeEnabled();
    await adminContext.close();

    // The business advisor sees the company among the recommended ventures, with the same score and why.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
    const recommended = page.getByRole('list', { name: 'Recommended Ventures' });
    const card = recommended.getByRole('article', { name: company.name });
    await expect(card).toBeVisible();
    await expect(card.getByText(company.companyName ?? '', { exact: true })).toBeVisible();
    expect(await scoreOf(card)).toBe(score);
    await card.getByRole('button', { name: 'Why this match' }).click();
    const why = card.getByRole('region', { name: `Why this match: ${company.name}` });
    await expect(why.getByText(matchPartLabels.industry, { exact: true })).toBeVisible();
    await expect(why.getByText('eCommerce', { exact: true })).toBeVisible();

    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });

      expect(await blockingViolations(page), `/dashboard with a suggestion at ${width}`).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // View Profile opens the company over the dashboard.
    await card.getByRole('link', { name: 'View Profile' }).click();
    await page.waitForURL(`**/dashboard/${company.id}`);
    const dialog = page.getByRole('dialog', { name: company.name });
    await expect(dialog.getByText(company.companyName ?? '', { exact: true }).first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');

    // Clear from dashboard asks first, then the card is gone, and stays gone.
    await card.getByRole('button', { name: 'Clear from dashboard' }).click();
    const confirm = page.getByRole('dialog', { name: 'Clear from dashboard?' });
    await expect(
      confirm.getByText(`${company.name} will no longer appear in your recommended connections.`),
    ).toBeVisible();
    // Judge the colours once the dialog has faded in, not halfway.
    await expect(confirm).toHaveCSS('opacity', '1');
    expect(await blockingViolations(page), 'the clear confirmation').toEqual([]);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByRole('article', { name: company.name })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Recommended Ventures' })).toBeVisible();
    await expect(page.getByRole('article', { name: company.name })).toHaveCount(0);
  });
});
