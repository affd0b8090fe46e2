import {
  connectionRequestTexts,
  notificationTexts,
  profilePageTexts,
  reviewTexts,
  suggestionTexts,
} from '@intergen/domain';
import type { Browser, Page } from '@playwright/test';
import { carousel, suggestPair } from './support/connections';
import { expect, test } from './support/fixtures';
import { publishedMatchingCompany, publishedMatchingExpert } from './support/matching';
import {
  blockingViolations,
  checkedWidths,
  dialogViolations,
  expectKeyboardDialog,
} from './support/wizard-a11y';

/**
 * The member pages that the wizard and profile-pages sweeps do not reach, at both widths: the dashboard empty
 * and full (a suggestion, a received request, a connection with its review prompt), its dialogs (connect,
 * clear, decline, review, a profile over it), the notification centre, and other members' profiles.
 */

/** A page of its own browser context, for a second member signed in beside the first. */
async function secondBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** Calls the API as the member signed in on `page` (state-changing calls carry our Origin: the CSRF check). */
async function post(page: Page, path: string, data?: unknown) {
  const response = await page.request.post(path, {
    data,
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
}

/** Scans `path` at every width; `ready` waits for what the page must show first. */
async function scanAtBothWidths(page: Page, path: string, ready: () => Promise<void>) {
  for (const width of checkedWidths) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(path);
    await ready();
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await blockingViolations(page), `${path} at ${width} px`).toEqual([]);
  }
}

test('the dashboard, its dialogs, the notification centre and other members’ profiles have no serious violations', async ({
  page,
  admin,
  browser,
}) => {
  // A cap, not a wait: some thirty axe runs and four published members on a loaded two-core machine.
  test.setTimeout(360_000);
  const welcome = (p: Page) =>
    expect(p.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();

  // A company's dashboard before anyone is suggested to it: every section empty.
  const companyPage = await secondBrowser(browser);
  const company = await publishedMatchingCompany(companyPage, admin);
  await scanAtBothWidths(companyPage, '/dashboard', async () => {
    await welcome(companyPage);
    await expect(companyPage.getByText(suggestionTexts.emptyTitle)).toBeVisible();
    await expect(companyPage.getByText(connectionRequestTexts.noPendingRequests)).toBeVisible();
    await expect(companyPage.getByText(connectionRequestTexts.youHaveNoConnections)).toBeVisible();
  });

  // The advisor: the company above suggested, a second company's request, a third company connected.
  const expert = await publishedMatchingExpert(page, admin);
  const askingPage = await secondBrowser(browser);
  const asking = await publishedMatchingCompany(askingPage, admin);
  const connectedPage = await secondBrowser(browser);
  const connected = await publishedMatchingCompany(connectedPage, admin);
  const origin = new URL(page.url()).origin;
  await suggestPair(admin, origin, expert.id, company.id);
  const askingId = await suggestPair(admin, origin, expert.id, asking.id);
  const connectedId = await suggestPair(admin, origin, expert.id, connected.id);
  await post(askingPage, '/api/connections', { suggestionId: askingId, message: 'Could we talk?' });
  await post(connectedPage, '/api/connections', { suggestionId: connectedId, message: '' });
  await post(page, `/api/connections/${connectedId}/accept`);
  await askingPage.context().close();
  await connectedPage.context().close();

  const suggestion = carousel(page, suggestionTexts.recommendedHeading.expert).getByRole('article', {
    name: company.name,
  });
  const request = carousel(page, 'Connection Requests').getByRole('article', { name: asking.name });
  const connection = carousel(page, 'Your Connections').getByRole('article', { name: connected.name });
  const prompt = page.getByRole('region', { name: reviewTexts.reviewPrompt });
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  const centre = page.getByRole('dialog', { name: notificationTexts.title });

  for (const width of checkedWidths) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/dashboard');
    await welcome(page);
    await expect(suggestion).toBeVisible();
    await expect(request).toBeVisible();
    await expect(connection).toBeVisible();
    await expect(prompt).toBeVisible();
    await suggestion.getByRole('button', { name: suggestionTexts.whyThisMatch }).click();
    await expect(
      suggestion.getByRole('region', { name: suggestionTexts.whyThisMatchFor(company.name) }),
    ).toBeVisible();
    expect(await blockingViolations(page), `the full dashboard at ${width} px`).toEqual([]);

    // Each of the dashboard's dialogs: from the keyboard, then scanned once it has faded in.
    const dialogs = [
      {
        label: 'the connect dialog',
        opener: suggestion.getByRole('button', { name: connectionRequestTexts.connect }),
        dialog: page.getByRole('dialog', { name: connectionRequestTexts.connectTitle(company.name) }),
      },
      {
        label: 'the clear confirmation',
        opener: suggestion.getByRole('button', { name: connectionRequestTexts.clearFromDashboard }),
        dialog: page.getByRole('dialog', { name: connectionRequestTexts.clearTitle }),
      },
      {
        label: 'the decline confirmation',
        opener: request.getByRole('button', { name: connectionRequestTexts.decline }),
        dialog: page.getByRole('dialog', { name: connectionRequestTexts.declineTitle }),
      },
      {
        label: 'the review dialog',
        opener: prompt.getByRole('button', { name: reviewTexts.rateExperience }).first(),
        dialog: page.getByRole('dialog', { name: reviewTexts.reviewTitle(connected.name) }),
      },
    ];
    for (const { label, opener, dialog } of dialogs) {
      await expectKeyboardDialog(page, opener, dialog);
      await opener.click();
      expect(await dialogViolations(page, dialog), `${label} at ${width} px`).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }

    // The notification centre.
    await expectKeyboardDialog(page, bell, centre);
    await bell.click();
    await expect(centre.getByRole('listitem').first()).toBeVisible();
    expect(await dialogViolations(page, centre), `the notification centre at ${width} px`).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(centre).toHaveCount(0);

    // A profile over the dashboard, opened from a card with the keyboard.
    await expectKeyboardDialog(
      page,
      suggestion.getByRole('link', { name: profilePageTexts.viewProfile }),
      page.getByRole('dialog', { name: company.name }),
    );
    await page.waitForURL((url) => url.pathname === '/dashboard');
  }

  // A request sent from the dashboard: the card's Request Sent and Cancel request, and the request waiting under
  // Sent Requests (once it has left, after the spec's five seconds).
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard');
  await welcome(page);
  await suggestion.getByRole('button', { name: connectionRequestTexts.connect }).click();
  const connect = page.getByRole('dialog', { name: connectionRequestTexts.connectTitle(company.name) });
  await connect.getByRole('button', { name: connectionRequestTexts.send }).click();
  await expect(connect).toHaveCount(0);
  const sent = carousel(page, 'Sent Requests').getByRole('article', { name: company.name });
  await expect(sent).toBeVisible({ timeout: 30_000 });
  await scanAtBothWidths(page, '/dashboard', async () => {
    await welcome(page);
    await expect(sent).toBeVisible();
  });

  // Other members' profiles: over the dashboard and on a page of their own, not connected and connected.
  for (const other of [company, connected]) {
    for (const path of [`/dashboard/${other.id}`, `/view/${other.id}`]) {
      await scanAtBothWidths(page, path, async () => {
        if (path.startsWith('/view')) {
          await expect(page.getByRole('heading', { level: 1, name: other.name })).toBeVisible();
          return;
        }
        const dialog = page.getByRole('dialog', { name: other.name });
        await expect(dialog).toBeVisible();
        await expect(dialog).toHaveCSS('opacity', '1');
      });
    }
  }

  // The company's side: its dashboard with the advisor's request, the advisor's profile, its own pages.
  await scanAtBothWidths(companyPage, '/dashboard', async () => {
    await welcome(companyPage);
    await expect(
      carousel(companyPage, 'Connection Requests').getByRole('article', { name: expert.name }),
    ).toBeVisible();
  });
  await scanAtBothWidths(companyPage, `/view/${expert.id}`, async () => {
    await expect(companyPage.getByRole('heading', { level: 1, name: expert.name })).toBeVisible();
  });
  await scanAtBothWidths(companyPage, '/profile/public', async () => {
    await expect(companyPage.getByRole('heading', { level: 1 })).toBeVisible();
  });
  await scanAtBothWidths(companyPage, '/profile/edit', async () => {
    await expect(companyPage.getByRole('heading', { level: 1 })).toBeVisible();
  });
  await companyPage.context().close();
});
