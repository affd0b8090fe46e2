import { navigationTexts, adminRecordsTexts as t } from '@intergen/domain';
import { overflowsSideways } from './support/connections';
import { expect, test } from './support/fixtures';
import { strongPair, suggestedPair } from './support/matching';
import { adminStorageStateFile } from './support/state';
import { blockingViolations, shot } from './support/wizard-a11y';

test.describe('the admin’s read views of requests and scores', () => {
  test('a request a member sends appears on the admin’s open Requests page without a reload; the admin filters and opens Scores', async ({
    page: expertPage,
    admin,
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    // A strong pair: only those have a stored score for the Scores page.
    const pair = await suggestedPair(expertPage, admin, browser, 'expert', strongPair);
    const { expert, company, companyPage, context: companyContext, suggestionId } = pair;

    // The admin has the Requests page open, searched for the company: nothing yet.
    const adminContext = await browser.newContext({ storageState: adminStorageStateFile });
    const adminPage = await adminContext.newPage();
    await adminPage.goto('/admin/requests');
    await expect(adminPage.getByRole('heading', { level: 1, name: t.requestsTitle })).toBeVisible();
    await adminPage.getByLabel(t.search).fill(company.companyName!);
    await expect(adminPage.getByText(t.emptyFiltered)).toBeVisible();
    await expect(adminPage).toHaveURL(/[?&]q=/);

    // The company sends a request from its own browser, through its session as its Connect button would.
    const sent = await companyPage.request.post('/api/connections', {
      data: { suggestionId, message: 'Could we talk about our sales next week?' },
      headers: { origin: baseURL! },
    });
    expect(sent.status(), await sent.text()).toBe(201);

    // The row appears on the admin's page without a reload.
    const table = adminPage.getByRole('table', { name: t.requestsTitle });
    const row = table.getByRole('row').filter({ hasText: company.companyName! });
    await expect(row).toBeVisible();
    await expect(row.getByText(t.requestStateLabels.open, { exact: true })).toBeVisible();
    await expect(row.getByText('Could we talk about our sales next week?')).toBeVisible();
    await expect(row.getByRole('link', { name: t.openMember(expert.name) })).toBeVisible();
    await expect(adminPage.getByText(t.requestsCount(1))).toBeVisible();

    // Filters: open connection requests keep it; My Network requests do not; the address holds them.
    await adminPage.getByLabel(t.stateFilter).selectOption('open');
    await expect(row).toBeVisible();
    await adminPage.getByLabel(t.kindFilter).selectOption('network');
    await expect(adminPage.getByText(t.emptyFiltered)).toBeVisible();
    await expect(adminPage).toHaveURL(/kind=network/);
    await adminPage.getByLabel(t.kindFilter).selectOption('connection');
    await expect(row).toBeVisible();
    await shot(adminPage, 'admin-requests');
    expect(await blockingViolations(adminPage), 'the Requests page').toEqual([]);

    // The advisor accepts: the admin's row follows.
    const accepted = await expertPage.request.post(`/api/connections/${suggestionId}/accept`, {
      data: {},
      headers: { origin: baseURL! },
    });
    expect(accepted.status(), await accepted.text()).toBe(200);
    await adminPage.getByLabel(t.stateFilter).selectOption('connected');
    await expect(row.getByText(t.requestStateLabels.connected, { exact: true })).toBeVisible();

    // On to Scores: the pair's score, found by the advisor's name.
    await adminPage
      .getByRole('navigation', { name: navigationTexts.admin })
      .getByRole('link', { name: t.scoresNavLabel })
      .click();
    await expect(adminPage.getByRole('heading', { level: 1, name: t.scoresTitle })).toBeVisible();
    await adminPage.getByLabel(t.search).fill(expert.name);
    // Other tests' advisors are scored with this company too: wait for the search to apply, then find the pair.
    await expect(adminPage).toHaveURL(/[?&]q=/);
    const scores = adminPage.getByRole('table', { name: t.scoresTitle });
    const pairRow = scores
      .getByRole('row')
      .filter({ hasText: company.companyName! })
      .filter({ hasText: expert.name });
    await expect(pairRow).toBeVisible();
    // Highest first; the Updated header sorts by date instead.
    await adminPage.getByRole('button', { name: t.sortBy(t.updated) }).click();
    await expect(adminPage).toHaveURL(/sort=updated/);
    await expect(pairRow).toBeVisible();
    expect(await blockingViolations(adminPage), 'the Scores page').toEqual([]);

    // At 390 px: one card per score, nothing wider than the screen.
    await adminPage.setViewportSize({ width: 390, height: 800 });
    await expect(
      adminPage.getByRole('article', { name: t.rowLabel(expert.name, company.companyName!) }),
    ).toBeVisible();
    await expect
      .poll(() => overflowsSideways(adminPage), { message: 'the Scores page at 390 px scrolls sideways' })
      .toBe(false);
    await shot(adminPage, 'admin-scores-390');
    expect(await blockingViolations(adminPage), 'the Scores page at 390 px').toEqual([]);
    await adminContext.close();
    await companyContext.close();
  });
});
