import { accountTexts, communityTexts, networkTexts } from '@intergen/domain';
import type { Browser, Page } from '@playwright/test';
import {
  pendingCommunityExpert,
  publishedCommunityCompany,
  publishedCommunityExpert,
} from './support/community';
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

test.describe('the ways into the communities', () => {
  const seeAllVentures = communityTexts.seeAllNamed.ventures;
  const seeAllAdvisors = communityTexts.seeAllNamed.experts;

  /** Opens a My Network section from the section picker. */
  async function openSection(page: Page, section: 'Advisors' | 'Ventures') {
    await page.goto(`/my-network?section=${section}`);
    await expect(page.getByRole('heading', { level: 1, name: 'My Network' })).toBeVisible();
  }

  test('a business advisor reaches both communities from the dashboard, My Network and the privacy dialog', async ({
    page,
    admin,
  }) => {
    test.setTimeout(150_000);
    await publishedCommunityExpert(page, admin);

    // The dashboard's recommended ventures lead into the venture community.
    await page.goto('/dashboard');
    await page.getByRole('link', { name: seeAllVentures }).click();
    await expect(page).toHaveURL(/\/venture-community$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Venture Community' })).toBeVisible();

    // My Network: Advisors into the expert community, Ventures into the venture community.
    await openSection(page, 'Advisors');
    await page.getByRole('link', { name: seeAllAdvisors }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Expert Community' })).toBeVisible();
    await openSection(page, 'Ventures');
    await page.getByRole('link', { name: seeAllVentures }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Venture Community' })).toBeVisible();

    // The privacy dialog's `/community` lands on the community the expert's profile is listed in.
    await page.goto('/profile/edit');
    await page.getByRole('button', { name: accountTexts.privacyTitle }).click();
    const dialog = page.getByRole('dialog', { name: accountTexts.privacyTitle });
    await dialog.getByRole('link', { name: accountTexts.communityLink }).click();
    await expect(page).toHaveURL(/\/expert-community$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Expert Community' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a company is led into the expert community only', async ({ page, admin }) => {
    test.setTimeout(120_000);
    await publishedCommunityCompany(page, admin, `Waysvale ${letters(8)}`);

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 2, name: 'Recommended Advisors' })).toBeVisible();
    await expect(page.getByRole('link', { name: seeAllVentures })).toHaveCount(0);
    await page.getByRole('link', { name: seeAllAdvisors }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Expert Community' })).toBeVisible();

    await openSection(page, 'Advisors');
    await expect(page.getByRole('link', { name: seeAllAdvisors })).toBeVisible();
    await expect(page.getByRole('link', { name: seeAllVentures })).toHaveCount(0);
  });

  test('an advisor still under review is offered no community', async ({ page, admin }) => {
    test.setTimeout(120_000);
    await pendingCommunityExpert(page, admin);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 2, name: 'Recommended Ventures' })).toBeVisible();
    await openSection(page, 'Advisors');
    await expect(page.getByRole('heading', { level: 2, name: networkTexts.findAdvisors })).toBeVisible();
    await expect(page.getByRole('link', { name: seeAllAdvisors })).toHaveCount(0);
    await expect(page.getByRole('link', { name: seeAllVentures })).toHaveCount(0);
  });
});

test.describe('the community pages and My Network pass axe', () => {
  test('at 1280 and 390 px, with no serious or critical violation', async ({ page, admin }) => {
    test.setTimeout(150_000);
    await publishedCommunityExpert(page, admin);
    const pages = [
      ['/expert-community', 'Expert Community'],
      ['/venture-community', 'Venture Community'],
      ['/my-network?section=Requests', 'My Network'],
      ['/my-network?section=Advisors', 'My Network'],
      ['/my-network?section=Ventures', 'My Network'],
    ] as const;
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [path, title] of pages) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        if (path.includes('community')) {
          await expect(
            page.getByRole('status').filter({ hasText: /\d+ (advisors?|ventures?)$/ }),
          ).toBeVisible();
        } else {
          await expect(page.getByText(networkTexts.loading)).toHaveCount(0);
        }
        expect(await blockingViolations(page), `${path} at ${width} px`).toEqual([]);
      }
    }
  });
});
