import { commonTexts, navigationTexts, suggestionTexts } from '@intergen/domain';
import { expect, test } from './support/fixtures';
import { publishedMatchingCompany } from './support/matching';

/**
 * A page whose code does not arrive (a phone losing its connection between two pages) is asked for once more after
 * a moment; should that fail too, the error page shows, and the next time the member goes to that page its code is
 * asked for again and the page opens, without reloading the app (app/router.tsx, `page`).
 */
test('a page whose code fails to load is asked for again: after a moment, then when entered again', async ({
  page,
  admin,
}) => {
  test.setTimeout(150_000);
  await publishedMatchingCompany(page, admin);
  const asked = new Set<string>();
  page.on('request', (request) => asked.add(request.url()));
  await page.goto('/dashboard');
  const dashboard = page.getByRole('heading', { level: 2, name: suggestionTexts.recommendedHeading.company });
  await expect(dashboard).toBeVisible();

  // From now on, requests for scripts not loaded yet fail as a dropped connection would: the first for each one,
  // or all of them while `offline`.
  const loaded = new Set(asked);
  const failedTimes = new Map<string, number>();
  let offline = false;
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    const url = route.request().url();
    const times = failedTimes.get(url) ?? 0;
    if (loaded.has(url) || (times >= 1 && !offline)) return route.continue();
    failedTimes.set(url, times + 1);
    return route.abort('internetdisconnected');
  });
  const header = page.getByRole('banner');
  const failedPage = page.getByRole('heading', { name: commonTexts.pageFailedTitle });

  // One failure: the second ask brings the page.
  await header.getByRole('link', { name: navigationTexts.myNetwork }).click();
  await expect(page.getByRole('heading', { level: 1, name: navigationTexts.myNetwork })).toBeVisible();
  await expect(failedPage).toHaveCount(0);
  expect(failedTimes.size).toBeGreaterThan(0);
  for (const url of failedTimes.keys()) loaded.add(url);

  // Offline: the error page. Back online, back, and the link again: asked for once more, the page opens.
  offline = true;
  failedTimes.clear();
  const profile = header.getByRole('link', { name: navigationTexts.profile });
  await profile.click();
  await expect(failedPage).toBeVisible();
  expect(failedTimes.size).toBeGreaterThan(0);
  // Then no more asks: the error page stays until the member moves (no loop of retries while offline).
  const asks = [...failedTimes.values()].reduce((a, b) => a + b, 0);
  await page.waitForTimeout(1500);
  expect([...failedTimes.values()].reduce((a, b) => a + b, 0)).toBe(asks);
  offline = false;
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: navigationTexts.myNetwork })).toBeVisible();
  await profile.click();
  await expect(page).toHaveURL(/\/profile\/public$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(failedPage).toHaveCount(0);
});
