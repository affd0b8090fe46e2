import {
  adminRecordsTexts,
  communityTexts,
  connectionRequestTexts,
  crmTexts,
  dealStages,
  demoTexts,
  navigationTexts,
  networkTexts,
  newChangesPopupTexts,
  pageTitles,
  reviewTexts,
  routes,
  suggestionTexts,
} from '@intergen/domain';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { carousel } from './support/connections';
import { type DemoServer, startDemoServer } from './support/fresh-server';

/**
 * The demo community end to end: `node scripts/start.mjs --demo` on an empty data directory fills it, prints three
 * one-time links and starts; each link signs its member in on pages full of the demo's people, as a visitor trying
 * the demo sees them. The tests share the server (the links are single use): one after the other, in order.
 */
test.describe.configure({ mode: 'serial' });

let server: DemoServer;

test.beforeAll(async () => {
  // Building the demo takes a minute or more, a few on a busy two-core machine.
  test.setTimeout(600_000);
  server = await startDemoServer(540_000);
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await server?.stop();
});

/** A context of its own on the demo server, signed in with a printed link and landed at `landing`. */
async function signIn(browser: Browser, link: string, landing: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  // The demo's members were published weeks before the release the welcome popup announces: the dashboard shows it
  // once, whenever it comes, and a visitor closes it.
  const popup = page.getByRole('dialog', { name: newChangesPopupTexts.title });
  await page.addLocatorHandler(popup, async () => {
    await popup.getByRole('button', { name: newChangesPopupTexts.button }).click();
  });
  await page.goto(link);
  await page.waitForURL(`**${landing}`, { timeout: 60_000 });
  return page;
}

/** The strip every page of a demo database carries. */
async function expectDemoBanner(page: Page) {
  const banner = page.getByRole('complementary', { name: demoTexts.bannerLabel });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(demoTexts.banner);
}

/** At least `min` member cards in a list. */
async function expectCards(list: Locator, min: number, what: string) {
  await expect(list.getByRole('article').first()).toBeVisible();
  await expect.poll(() => list.getByRole('article').count(), { message: what }).toBeGreaterThanOrEqual(min);
}

/** A community's first page of cards, and a count of at least `min` members above it. */
async function expectCommunity(page: Page, kind: 'expert' | 'venture', min: number) {
  await expectCards(
    page.getByRole('list', { name: communityTexts.listLabel[kind] }),
    6,
    `the ${kind} community`,
  );
  // The count as the page words it (`53 advisors`), its number read back.
  const pattern = new RegExp(`^${communityTexts.count[kind](1000).replace('1,000', '([\\d,]+)')}$`);
  const count = page.getByRole('status').filter({ hasText: pattern });
  await expect(count).toBeVisible();
  const shown = Number(pattern.exec((await count.textContent())?.trim() ?? '')?.[1]?.replace(/,/g, ''));
  expect(shown, `the ${kind} community's count`).toBeGreaterThanOrEqual(min);
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: navigationTexts.mainNavigation });

test('the demo expert’s link opens a full dashboard, My Network and both communities', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // An expert lands on the profile's review step (spec 000 §2); the dashboard is in the header.
  const page = await signIn(browser, server.links.expert, routes.profileReview);
  await expectDemoBanner(page);
  await mainNav(page).getByRole('link', { name: navigationTexts.dashboard }).click();
  await expect(page.getByRole('heading', { level: 1, name: pageTitles.dashboard })).toBeVisible();

  // Suggestions, requests waiting for an answer, a connection to review and connections.
  await expectCards(carousel(page, suggestionTexts.recommendedHeading.expert), 1, 'recommended ventures');
  await expectCards(carousel(page, connectionRequestTexts.receivedHeading), 2, 'requests received');
  await expectCards(carousel(page, connectionRequestTexts.connectionsHeading), 2, 'connections');
  await expect(page.getByRole('region', { name: reviewTexts.reviewPrompt })).toBeVisible();

  // My Network, from the header: an advisor asking to join, one asked, and the network itself.
  await mainNav(page).getByRole('link', { name: navigationTexts.myNetwork }).click();
  await expect(page.getByRole('heading', { level: 1, name: navigationTexts.myNetwork })).toBeVisible();
  await expectCards(carousel(page, networkTexts.receivedNetworkRequests), 1, 'network requests received');
  await expectCards(carousel(page, networkTexts.sentNetworkRequests), 1, 'network requests sent');
  await page
    .getByRole('navigation', { name: networkTexts.sectionsLabel })
    .getByRole('button', { name: new RegExp(`^${networkTexts.sectionLabels.Advisors}`) })
    .click();
  await expectCards(carousel(page, networkTexts.yourNetwork), 2, 'the advisor’s network');

  // The expert community, from My Network's Advisors.
  await page.getByRole('link', { name: communityTexts.seeAllNamed.experts }).click();
  await expect(page).toHaveURL(new RegExp(`${routes.expertCommunity}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: networkTexts.expertCommunityTitle }),
  ).toBeVisible();
  await expectCommunity(page, 'expert', 40);
  await expectDemoBanner(page);

  // The venture community, from the dashboard's recommended ventures.
  await mainNav(page).getByRole('link', { name: navigationTexts.dashboard }).click();
  await page.getByRole('link', { name: communityTexts.seeAllNamed.ventures }).click();
  await expect(page).toHaveURL(new RegExp(`${routes.ventureCommunity}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: networkTexts.ventureCommunityTitle }),
  ).toBeVisible();
  await expectCommunity(page, 'venture', 30);
  await page.context().close();
});

test('the demo company’s link opens a full dashboard and the expert community', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await signIn(browser, server.links.company, routes.dashboard);
  await expect(page.getByRole('heading', { level: 1, name: pageTitles.dashboard })).toBeVisible();
  await expectDemoBanner(page);

  await expectCards(carousel(page, suggestionTexts.recommendedHeading.company), 1, 'recommended advisors');
  await expectCards(carousel(page, connectionRequestTexts.receivedHeading), 1, 'requests received');
  await expectCards(carousel(page, connectionRequestTexts.connectionsHeading), 2, 'connections');

  await page.getByRole('link', { name: communityTexts.seeAllNamed.experts }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: networkTexts.expertCommunityTitle }),
  ).toBeVisible();
  await expectCommunity(page, 'expert', 40);
  await page.context().close();
});

test('the demo admin’s link opens the requests of every state and a CRM board with deals', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await signIn(browser, server.links.admin, routes.adminMailbox);
  await expectDemoBanner(page);
  const adminNav = page.getByRole('navigation', { name: navigationTexts.admin });

  await adminNav.getByRole('link', { name: adminRecordsTexts.requestsNavLabel, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: adminRecordsTexts.requestsTitle })).toBeVisible();
  const rows = page.getByRole('table', { name: adminRecordsTexts.requestsTitle }).getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  await expect.poll(() => rows.count(), { message: 'request rows' }).toBeGreaterThan(10);
  // A request in every state the demo plays (its cancelled connection requests are gone, as the app deletes them).
  const stateFilter = page.getByLabel(adminRecordsTexts.stateFilter);
  for (const state of ['open', 'held', 'connected', 'closed', 'declined', 'dismissed'] as const) {
    const label = adminRecordsTexts.requestStateLabels[state];
    await stateFilter.selectOption({ label });
    await expect(page).toHaveURL(new RegExp(`[?&]state=${state}`));
    await expect(rows.nth(1).getByText(label, { exact: true }), state).toBeVisible();
  }

  await adminNav.getByRole('link', { name: crmTexts.navLabel, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: crmTexts.pageTitle })).toBeVisible();
  const board = page.getByRole('region', { name: crmTexts.boardLabel });
  for (const stage of [dealStages.pending, dealStages.complete, dealStages.closed, dealStages.abandoned]) {
    await expect(board.getByRole('region', { name: stage }).getByRole('button').first(), stage).toBeVisible();
  }
  await page.context().close();
});
