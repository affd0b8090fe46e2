import { crmTexts, dealStages } from '@intergen/domain';
import type { Locator, Page } from '@playwright/test';
import { overflowsSideways, suggestPair } from './support/connections';
import { expect, test } from './support/fixtures';
import { publishedMatchingCompany, publishedMatchingExpert } from './support/matching';
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
    const company = await publishedMatchingCompany(companyPage, admin);
    const expertContext = await browser.newContext();
    const expertPage = await expertContext.newPage();
    const expert = await publishedMatchingExpert(expertPage, admin);
    const suggestionId = await suggestPair(admin, baseURL!, expert.id, company.id);

    // The admin opens the board in a browser of their own.
    const adminContext = await browser.newContext({ storageState: adminStorageStateFile });
    const adminPage = await adminContext.newPage();
    await adminPage.goto('/admin/crm');
    await expect(adminPage.getByRole('heading', { level: 1, name: crmTexts.pageTitle })).toBeVisible();
    const card = (stage: string) =>
      column(adminPage, stage).getByRole('button', { name: crmTexts.openDeal(expert.name, company.name) });

    // The company asks, through its session as its Connect button would.
    const origin = { origin: baseURL! };
    const sent = await companyPage.request.post('/api/connections', {
      data: { suggestionId, message: 'Shall we talk?' },
      headers: origin,
    });
    expect(sent.status(), await sent.text()).toBe(201);
    await expect(card(dealStages.pending)).toBeVisible();
    await expect(card(dealStages.pending)).toContainText('Shall we talk?');

    // The advisor accepts: the card moves to Connection Complete without a reload.
    const accepted = await expertPage.request.post(`/api/connections/${suggestionId}/accept`, {
      data: {},
      headers: origin,
    });
    expect(accepted.status(), await accepted.text()).toBe(200);
    await expect(card(dealStages.complete)).toBeVisible();
    await expect(card(dealStages.pending)).toHaveCount(0);

    // The deal opens with its history, oldest first, and the recipient's magic link.
    await card(dealStages.complete).click();
    const dialog = adminPage.getByRole('dialog', { name: crmTexts.dealTitle(expert.name, company.name) });
    await expect(dialog.getByText(crmTexts.history)).toBeVisible();
    await expect(dialog.getByText(dealStages.pending, { exact: true })).toBeVisible();
    await expect(dialog.getByText(dealStages.complete, { exact: true })).toBeVisible();
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
});
