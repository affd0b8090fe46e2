import type { Browser, Page } from '@playwright/test';
import { publishedCommunityCompany, publishedCommunityExpert } from './support/community';
import { expect, letters, test } from './support/fixtures';
import { blockingViolations } from './support/wizard-a11y';

/** A published company made in a browser context of its own (the test's page stays with the viewer). */
async function companyElsewhere(
  browser: Browser,
  admin: Parameters<typeof publishedCommunityCompany>[1],
  companyName: string,
  openToBoard: boolean,
) {
  const context = await browser.newContext();
  const company = await publishedCommunityCompany(await context.newPage(), admin, companyName, {
    openToBoard,
  });
  await context.close();
  return company;
}

/** Presses Tab until the element `name`d with `role` has the focus (at most `max` times). */
async function tabTo(page: Page, role: 'switch' | 'link', name: string, max = 20) {
  const target = page.getByRole(role, { name }).first();
  for (let n = 0; n < max; n += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${role} "${name}" was not reached with Tab`);
}

test.describe('the communities', () => {
  test('a business advisor filters and searches the venture community with the keyboard alone', async ({
    page,
    admin,
    browser,
  }) => {
    test.setTimeout(180_000);
    const tag = letters(10);
    const boardOpen = await companyElsewhere(browser, admin, `Keyvale ${tag} North`, true);
    const boardClosed = await companyElsewhere(browser, admin, `Keyvale ${tag} South`, false);
    await publishedCommunityExpert(page, admin);

    await page.goto('/venture-community');
    await expect(page.getByRole('heading', { level: 1, name: 'Venture Community' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /\d+ ventures?$/ })).toBeVisible();
    expect(await blockingViolations(page), '/venture-community').toEqual([]);

    // `/` focuses the search; typing narrows the list once typing pauses.
    const search = page.getByRole('searchbox', { name: 'Search by name or company' });
    await page.locator('body').press('/');
    await expect(search).toBeFocused();
    await page.keyboard.type(tag);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
    await expect(page.getByText('2 ventures', { exact: true })).toBeVisible();
    const list = page.getByRole('list', { name: 'Ventures' });
    await expect(list.getByRole('article')).toHaveCount(2);

    // Tab to the board filter and switch it on with Space.
    await tabTo(page, 'switch', 'Open to board positions');
    await page.keyboard.press('Space');
    await expect(page.getByRole('switch', { name: 'Open to board positions' })).toBeChecked();
    await expect(page).toHaveURL(/[?&]board=yes/);
    await expect(page.getByText('1 venture', { exact: true })).toBeVisible();
    await expect(list.getByRole('article')).toHaveCount(1);
    await expect(list.getByRole('article', { name: boardOpen.name })).toBeVisible();
    await expect(list.getByRole('article', { name: boardClosed.name })).toHaveCount(0);

    // Enter on the card's View Profile opens the profile over the list; Escape closes it.
    await tabTo(page, 'link', 'View Profile');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: boardOpen.name });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(`Keyvale ${tag} North`).first()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/venture-community/${boardOpen.id}\\?`));
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Back on the filtered list, where the profile was opened from.
    const url = new URL(page.url());
    expect(url.pathname).toBe('/venture-community');
    expect(url.searchParams.get('q')).toBe(tag);
    expect(url.searchParams.get('board')).toBe('yes');
    await expect(search).toHaveValue(tag);
    await expect(list.getByRole('article')).toHaveCount(1);
    await expect(list.getByRole('link', { name: 'View Profile' })).toBeFocused();
    expect(await blockingViolations(page), '/venture-community filtered').toEqual([]);
  });

  test('a company is refused the venture community and receives no venture data', async ({
    page,
    admin,
    browser,
  }) => {
    test.setTimeout(150_000);
    const tag = letters(10);
    const other = await companyElsewhere(browser, admin, `Refusedvale ${tag}`, true);
    await publishedCommunityCompany(page, admin, `Viewervale ${letters(8)}`);

    const bodies: string[] = [];
    const lists: string[] = [];
    page.on('response', async (response) => {
      const url = new URL(response.url());
      if (!url.pathname.startsWith('/api/')) return;
      if (url.pathname.startsWith('/api/matching/')) lists.push(url.pathname);
      if (url.pathname === '/api/events') return;
      bodies.push(await response.text().catch(() => ''));
    });

    await page.goto('/venture-community');
    await expect(page.getByRole('heading', { level: 1, name: 'Venture Community' })).toBeVisible();
    await expect(page.getByText('The Venture Community is for business advisors')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Explore the Expert Community' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the dashboard' })).toBeVisible();
    await expect(page.getByRole('searchbox')).toHaveCount(0);
    expect(await blockingViolations(page), '/venture-community for a company').toEqual([]);
    // Give any request the page would make time to be made (the live-updates stream never goes idle).
    await page.waitForTimeout(1500);

    expect(lists).toEqual([]);
    await expect(page.getByText(other.companyName ?? '')).toHaveCount(0);
    expect(bodies.some((body) => body.includes(other.companyName ?? '') || body.includes(other.id))).toBe(
      false,
    );

    // The way offered instead: the expert community.
    await page.getByRole('link', { name: 'Explore the Expert Community' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Expert Community' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /\d+ advisors?$/ })).toBeVisible();
  });
});
