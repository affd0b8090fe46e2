import { crmTexts, dealStages } from '@intergen/domain';
import type { Locator, Page } from '@playwright/test';
import { overflowsSideways } from './support/connections';
import { expect, test } from './support/fixtures';
import { type FreshServer, startCrmServer } from './support/fresh-server';
import { suggestedPair } from './support/matching';
import type { SeedContact, SeedDeal } from './support/seed-crm-deals';
import { adminStorageStateFile } from './support/state';
import { blockingViolations, shot } from './support/wizard-a11y';

/** The board's column of a stage. */
const column = (page: Page, stage: string): Locator => page.getByRole('region', { name: stage });

test.describe('the CRM board', () => {
  test('an admin watches a deal move across the board as a company and an advisor connect', async ({
    page: companyPage,
    admin,
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const pair = await suggestedPair(companyPage, admin, browser, 'company');
    const { expert, company, expertPage, context: expertContext, suggestionId } = pair;

    // The admin opens the board in a browser of their own.
    const adminContext = await browser.newContext({ storageState: adminStorageStateFile });
    const adminPage = await adminContext.newPage();
    await adminPage.goto('/admin/crm');
    await expect(adminPage.getByRole('heading', { level: 1, name: crmTexts.pageTitle })).toBeVisible();
    // A card's button is named by what it shows: the advisor, then the venture (by its company once the
    // contact's full update has landed, checked below).
    const card = (stage: string) =>
      column(adminPage, stage).getByRole('button', { name: new RegExp(`^${expert.name} ·`) });

    // The company asks, through its session as its Connect button would.
    const origin = { origin: baseURL! };
    const sent = await companyPage.request.post('/api/connections', {
      data: { suggestionId, message: 'Shall we talk?' },
      headers: origin,
    });
    expect(sent.status(), await sent.text()).toBe(201);
    await expect(card(dealStages.pending)).toBeVisible();
    await expect(column(adminPage, dealStages.pending)).toContainText('Shall we talk?');

    // The advisor accepts: the card moves to Connection Complete without a reload.
    const accepted = await expertPage.request.post(`/api/connections/${suggestionId}/accept`, {
      data: {},
      headers: origin,
    });
    expect(accepted.status(), await accepted.text()).toBe(200);
    await expect(card(dealStages.complete)).toBeVisible();
    await expect(card(dealStages.pending)).toHaveCount(0);

    // The deal opens with its history, oldest first, and the recipient's magic link.
    await expect(card(dealStages.complete)).toContainText(company.companyName!, { timeout: 30_000 });
    await card(dealStages.complete).click();
    const dialog = adminPage.getByRole('dialog', {
      name: crmTexts.dealTitle(expert.name, company.companyName!),
    });
    await expect(dialog.getByText(crmTexts.history)).toBeVisible();
    // The history, not the Move to stage choices, names each stage the deal entered.
    const history = dialog.getByRole('region', { name: crmTexts.history });
    await expect(history.getByText(dealStages.pending, { exact: true })).toBeVisible();
    await expect(history.getByText(dealStages.complete, { exact: true })).toBeVisible();
    await expect(dialog.getByRole('link', { name: /login-options\?login=/ })).toBeVisible();
    await shot(adminPage, 'crm-deal');
    expect(await blockingViolations(adminPage)).toEqual([]);
    await adminPage.keyboard.press('Escape');

    // The contacts of both parties are there.
    await adminPage.getByRole('tab', { name: crmTexts.tabs.contacts }).click();
    await adminPage.getByLabel(crmTexts.searchContacts).fill(expert.name);
    await expect(adminPage.getByText(expert.email).first()).toBeVisible();

    // At 390 px the board scrolls sideways; the page itself does not.
    await adminPage.setViewportSize({ width: 390, height: 800 });
    await adminPage.getByRole('tab', { name: crmTexts.tabs.board }).click();
    await expect(card(dealStages.complete)).toBeAttached();
    await expect.poll(() => overflowsSideways(adminPage), { message: 'the board at 390 px' }).toBe(false);
    await shot(adminPage, 'crm-board-390');
    await adminContext.close();
    await expertContext.close();
  });

  test.describe('with more deals than a column shows', () => {
    let server: FreshServer;
    const contacts: SeedContact[] = [
      { id: 'ada', kind: 'expert', name: 'Ada Seedling', email: 'ada.seedling@example.com' },
      {
        id: 'ven',
        kind: 'company',
        name: 'Victor Owner',
        email: 'victor@example.com',
        companyName: 'Quasar Robotics',
      },
      { id: 'bob', kind: 'expert', name: 'Bob Planter', email: 'bob.planter@example.com' },
      {
        id: 'kim',
        kind: 'company',
        name: 'Kim Founder',
        email: 'kim@example.com',
        companyName: 'Nimbus Farms',
      },
    ];
    const day = Date.UTC(2024, 4, 1, 12);
    // 60 pending deals (one column shows 50 at a time), the oldest on 1 May 2024; two abandoned ones.
    const deals: SeedDeal[] = [
      ...Array.from({ length: 60 }, (_, i) => ({
        id: `pending-${i}`,
        first: 'ada',
        second: 'ven',
        stage: dealStages.pending,
        updatedAt: day + i * 3_600_000,
      })),
      {
        id: 'lost-0',
        first: 'bob',
        second: 'kim',
        stage: dealStages.abandoned,
        lostReason: 'expert_declined_request_from_venture',
        updatedAt: day + 86_400_000 * 9,
      },
      {
        id: 'lost-1',
        first: 'bob',
        second: 'kim',
        stage: dealStages.abandoned,
        lostReason: 'venture_cancelled_request_to_expert',
        updatedAt: day + 86_400_000 * 10,
      },
    ];
    test.beforeAll(async () => {
      test.setTimeout(240_000);
      server = await startCrmServer('crm-board', { contacts, deals });
    });
    test.afterAll(async () => {
      await server?.stop();
    });

    test('an admin pages a column to its last deal, and searches and filters the board', async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({
        baseURL: server.baseURL,
        viewport: { width: 1440, height: 900 },
      });
      const page = await context.newPage();
      await page.goto(server.adminLink);
      await page.waitForURL('**/admin/mailbox');
      await page.goto('/admin/crm');
      const pending = column(page, dealStages.pending);
      const cards = pending.getByRole('button', { name: /^Ada Seedling/ });
      await expect(cards).toHaveCount(50);
      await expect(pending.getByText(crmTexts.shownOf(50, 60))).toBeVisible();
      // The venture is named by its company; all six columns are in view at 1440 px.
      await expect(cards.first()).toContainText('Quasar Robotics');
      for (const stage of Object.values(dealStages)) await expect(column(page, stage)).toBeInViewport();
      await pending.getByRole('button', { name: crmTexts.loadMoreIn(dealStages.pending) }).click();
      await expect(cards).toHaveCount(60);
      await expect(
        pending.getByRole('button', { name: crmTexts.loadMoreIn(dealStages.pending) }),
      ).toHaveCount(0);
      // The oldest deal, the last one reached.
      await expect(pending.locator('.ig-crm-card').last()).toContainText(
        new Date(day).toLocaleDateString('en-US'),
      );

      // The lost reason reads on its chip, whole.
      const abandoned = column(page, dealStages.abandoned);
      const chip = abandoned.getByText('Expert declined request from venture');
      await expect(chip).toBeVisible();
      expect(await chip.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

      // Search by company: only Nimbus Farms' deals are left.
      await page.getByLabel(crmTexts.searchDeals).fill('nimbus');
      await expect(page).toHaveURL(/q=nimbus/);
      await expect(pending.getByText(crmTexts.noDeals)).toBeVisible();
      await expect(abandoned.getByRole('button', { name: /^Bob Planter/ })).toHaveCount(2);
      // Lost reason, then a day range that holds only the first.
      await page
        .getByLabel(crmTexts.lostReasonFilter, { exact: true })
        .selectOption('venture_cancelled_request_to_expert');
      await expect(abandoned.getByRole('button')).toHaveCount(1);
      await page.getByLabel(crmTexts.lostReasonFilter, { exact: true }).selectOption('');
      await page.getByLabel(crmTexts.updatedFrom).fill('2024-05-10');
      await page.getByLabel(crmTexts.updatedTo).fill('2024-05-10');
      await expect(abandoned.getByRole('button', { name: /^Bob Planter/ })).toHaveCount(1);
      await expect(abandoned).toContainText('Expert declined request from venture');
      // A stage alone: one column; the filters survive a reload.
      await page.getByRole('button', { name: crmTexts.clearFilters }).click();
      await page.getByLabel(crmTexts.stageFilter, { exact: true }).selectOption(dealStages.abandoned);
      await expect(page.getByRole('region', { name: crmTexts.boardLabel }).getByRole('region')).toHaveCount(
        1,
      );
      await page.reload();
      await expect(column(page, dealStages.abandoned)).toBeVisible();
      await expect(column(page, dealStages.pending)).toHaveCount(0);

      // At 390 px the board scrolls in its own box, reached by keyboard; the page does not scroll sideways.
      await page.getByRole('button', { name: crmTexts.clearFilters }).click();
      await page.setViewportSize({ width: 390, height: 800 });
      await expect(column(page, dealStages.pending)).toBeVisible();
      expect(await overflowsSideways(page)).toBe(false);
      const board = page.getByRole('region', { name: crmTexts.boardLabel });
      await board.focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => board.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      expect(await blockingViolations(page)).toEqual([]);
      await context.close();
    });
  });
});
