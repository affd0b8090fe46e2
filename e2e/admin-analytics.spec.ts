import {
  adminAnalyticsTexts,
  analyticsRoleLabels,
  funnelStageLabels,
  navigationTexts,
  trackingEventLabels,
} from '@intergen/domain';
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { overflowsSideways } from './support/connections';
import { expect, newMember, test } from './support/fixtures';
import { type FreshServer, startFreshServer } from './support/fresh-server';
import { blockingViolations, shot } from './support/wizard-a11y';

/**
 * The admin's analytics on a server of its own (the counts are of everyone, so the shared server's other specs
 * would change them): members sign up and use the cards, then the admin reads the numbers and sees the charts.
 */
test.describe('the admin analytics', () => {
  let server: FreshServer;
  const members: APIRequestContext[] = [];

  /** Signs a member up through the API; answers its signed-in client. */
  async function signedUp(kind: 'expert' | 'company'): Promise<APIRequestContext> {
    const headers = { origin: server.baseURL };
    const member = await playwrightRequest.newContext({ baseURL: server.baseURL, extraHTTPHeaders: headers });
    const { name, email, password } = newMember(`analytics-${kind}`);
    const response = await member.post('/api/auth/sign-up', {
      data: { name, email, password, profileType: kind },
    });
    expect(response.status(), await response.text()).toBe(201);
    members.push(member);
    return member;
  }

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startFreshServer('analytics');
  });
  test.afterAll(async () => {
    for (const member of members) await member.dispose();
    await server?.stop();
  });

  test('an admin reads the funnel, the tracking events and the lost reasons, as charts and as numbers', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const viewer = await signedUp('expert');
    await signedUp('expert');
    await signedUp('company');
    for (const body of [
      { type: 'VIEW_PROFILE_FROM_CARD', targetId: 'someone' },
      { type: 'VIEW_PROFILE_FROM_CARD', targetId: 'someone-else' },
      { type: 'EXPLORE_EXPERT_COMMUNITY' },
    ]) {
      expect((await viewer.post('/api/tracking', { data: body })).status()).toBe(204);
    }

    // The first page loads no chart code: the chart library comes with the analytics page.
    const context = await browser.newContext({ baseURL: server.baseURL });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push(new URL(response.url()).pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    expect(scripts.filter((script) => /\/charts-/.test(script))).toEqual([]);

    await page.goto(server.adminLink);
    await page.waitForURL('**/admin/mailbox');
    await page
      .getByRole('navigation', { name: navigationTexts.admin })
      .getByRole('link', { name: adminAnalyticsTexts.navLabel })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: adminAnalyticsTexts.pageTitle })).toBeVisible();
    expect(scripts.some((script) => /\/charts-/.test(script))).toBe(true);

    // The funnel by stage: drawn, and its numbers one click away.
    const funnel = page.getByRole('region', { name: adminAnalyticsTexts.funnelTitle });
    await expect(funnel.locator('svg.recharts-surface')).toBeVisible();
    await funnel.getByText(adminAnalyticsTexts.showData).click();
    const funnelTable = funnel.getByRole('table', { name: adminAnalyticsTexts.funnelTitle });
    await expect(funnelTable.getByRole('columnheader')).toHaveText([
      adminAnalyticsTexts.stageColumn,
      analyticsRoleLabels.expert,
      analyticsRoleLabels.company,
    ]);
    const stageRow = (stage: string) =>
      funnelTable.getByRole('row').filter({ has: page.getByRole('rowheader', { name: stage, exact: true }) });
    await expect(stageRow(funnelStageLabels.signedUp).getByRole('cell')).toHaveText(['2', '1']);
    await expect(stageRow(funnelStageLabels.published).getByRole('cell')).toHaveText(['0', '0']);

    const tracking = page.getByRole('region', { name: adminAnalyticsTexts.trackingTitle });
    await expect(tracking.locator('svg.recharts-surface')).toBeVisible();
    await tracking.getByText(adminAnalyticsTexts.showData).click();
    const totals = tracking
      .getByRole('table', { name: adminAnalyticsTexts.trackingTitle })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: adminAnalyticsTexts.total }) });
    await expect(totals.getByRole('cell')).toHaveText(['', '2', '0', '1']);
    await expect(
      tracking.getByRole('columnheader', { name: trackingEventLabels.EXPLORE_EXPERT_COMMUNITY }),
    ).toBeVisible();
    // Nothing was lost yet.
    await expect(
      page
        .getByRole('region', { name: adminAnalyticsTexts.lostReasonsTitle })
        .getByText(adminAnalyticsTexts.noData),
    ).toBeVisible();
    await shot(page, 'admin-analytics');
    expect(await blockingViolations(page)).toEqual([]);

    // One role: the funnel has the companies' series only, and the address keeps the choice.
    await page.getByLabel(adminAnalyticsTexts.roleLabel, { exact: true }).selectOption('company');
    await expect(page).toHaveURL(/role=company/);
    await expect(funnelTable.getByRole('columnheader')).toHaveText([
      adminAnalyticsTexts.stageColumn,
      analyticsRoleLabels.company,
    ]);

    // At 390 px the charts fit the screen and nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 800 });
    const chart = funnel.locator('svg.recharts-surface');
    await expect.poll(async () => (await chart.boundingBox())?.width ?? 0).toBeLessThanOrEqual(360);
    await expect.poll(async () => (await chart.boundingBox())?.width ?? 0).toBeGreaterThan(200);
    await expect.poll(() => overflowsSideways(page), { message: 'analytics at 390 px' }).toBe(false);
    await shot(page, 'admin-analytics-390');
    expect(await blockingViolations(page)).toEqual([]);
    await context.close();
  });
});
