import { connectionRequestTexts, connectionTimings, reviewTexts } from '@intergen/domain';
import { carousel, overflowsSideways, rateWithKeyboard, storedRating } from './support/connections';
import { expect, test } from './support/fixtures';
import { suggestedPair } from './support/matching';
import { blockingViolations, shot } from './support/wizard-a11y';

const message = 'We sell shoes online and need help with sales.\nCould we talk next week?';

test.describe('connection requests between two browsers', () => {
  test('a company asks, the advisor sees it live and accepts, both see contact details and review each other', async ({
    page: expertPage,
    admin,
    browser,
  }) => {
    test.setTimeout(240_000);
    const pair = await suggestedPair(expertPage, admin, browser, 'expert');
    const { expert, company, companyPage, context: companyContext, suggestionId: requestId } = pair;

    // The advisor's dashboard is open, with no request yet.
    await expertPage.goto('/dashboard');
    await expect(expertPage.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
    await expect(expertPage.getByText(connectionRequestTexts.noPendingRequests)).toBeVisible();
    await expect(expertPage.getByText(connectionRequestTexts.youHaveNoConnections)).toBeVisible();

    // The advisor's dashboard will tell the server when the request has been shown (below).
    const seen = expertPage.waitForResponse(
      (r) => r.url().endsWith('/api/connections/seen') && r.request().method() === 'POST',
      { timeout: 120_000 },
    );

    // The company connects from its recommended advisors, with a two-line message. Its page runs on a clock the
    // test holds still from Send on, so that a loaded machine cannot run past the 5-second sent state unseen.
    await companyPage.clock.install();
    await companyPage.goto('/dashboard');
    const advisorCard = carousel(companyPage, 'Recommended Advisors').getByRole('article', {
      name: expert.name,
    });
    await advisorCard.getByRole('button', { name: 'Connect' }).click();
    const connect = companyPage.getByRole('dialog', { name: `Connect with ${expert.name}?` });
    const box = connect.getByRole('textbox', { name: 'Message (optional)' });
    await box.fill(message);
    await expect(connect.getByText(`${message.length}/250 characters`)).toBeVisible();
    await expect(connect).toHaveCSS('opacity', '1');
    await shot(companyPage, 'connections-connect-dialog');
    expect(await blockingViolations(companyPage), 'the connect dialog').toEqual([]);
    await companyPage.clock.pauseAt(Date.now() + 1_000);
    await connect.getByRole('button', { name: 'Send' }).click();
    // The page's timers (the query client's updates, the dialog's transition) move 50 ms at a step while the
    // answer comes: the sent state is seen long before its 5 seconds are spent.
    const banner = companyPage.getByText(connectionRequestTexts.pendingBanner(expert.name));
    await expect(async () => {
      await companyPage.clock.runFor(50);
      await expect(connect).toHaveCount(0, { timeout: 100 });
      await expect(advisorCard.getByRole('button', { name: 'Request Sent' })).toBeDisabled({ timeout: 100 });
      await expect(banner).toBeVisible({ timeout: 100 });
    }).toPass({ timeout: 60_000 });
    // After 5 seconds the request is marked as sent: the banner clears, the request waits under Sent Requests.
    await companyPage.clock.runFor(connectionTimings.pendingBannerMs);
    await companyPage.clock.resume();
    await expect(banner).toHaveCount(0, { timeout: 30_000 });
    await expect(
      carousel(companyPage, 'Sent Requests').getByRole('article', { name: expert.name }),
    ).toBeVisible();

    // The advisor's open dashboard shows the request without a reload, the message's lines kept, and tells the
    // server it was seen (one call for the row's new requests).
    const received = carousel(expertPage, 'Connection Requests').getByRole('article', { name: company.name });
    await expect(received).toBeVisible({ timeout: 20_000 });
    const seenAnswer = await seen;
    expect(seenAnswer.status()).toBe(200);
    expect(seenAnswer.request().postDataJSON()).toEqual({ ids: [requestId] });
    expect(await seenAnswer.json()).toEqual({ seen: [requestId] });
    const shownMessage = received.locator('.ig-request-message');
    expect(await shownMessage.evaluate((el) => el.textContent)).toBe(message);
    // Shown as text with its line break kept (not collapsed into one line).
    expect(await shownMessage.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('pre-wrap');

    // Accessible at full width and at 375 px, without sideways scrolling.
    await shot(expertPage, 'connections-dashboard-request');
    expect(await blockingViolations(expertPage), 'the dashboard with a request').toEqual([]);
    await expertPage.setViewportSize({ width: 375, height: 800 });
    await expect(received).toBeVisible();
    await expect
      .poll(() => overflowsSideways(expertPage), { message: 'the dashboard at 375 px scrolls sideways' })
      .toBe(false);
    await shot(expertPage, 'connections-dashboard-375');
    expect(await blockingViolations(expertPage), 'the dashboard at 375 px').toEqual([]);
    // The decline confirmation says what it does, and Cancel keeps the request.
    await received.getByRole('button', { name: 'Decline' }).click();
    const decline = expertPage.getByRole('dialog', { name: 'Decline connection request?' });
    await expect(decline.getByText(connectionRequestTexts.declineBody(company.name))).toBeVisible();
    expect((await decline.boundingBox())?.width).toBe(375 - 48);
    await decline.getByRole('button', { name: 'Cancel' }).click();
    await expect(decline).toHaveCount(0);
    await expertPage.setViewportSize({ width: 1280, height: 800 });

    // The advisor accepts: the banner, and the company's contact details on its profile.
    await received.getByRole('button', { name: 'Accept' }).click();
    await expect(expertPage.getByText(connectionRequestTexts.acceptedBanner)).toBeVisible();
    await expect(expertPage.getByText(connectionRequestTexts.noPendingRequests)).toBeVisible();
    const expertConnection = carousel(expertPage, 'Your Connections').getByRole('article', {
      name: company.name,
    });
    await expect(expertConnection.getByRole('link', { name: company.email })).toBeVisible();
    await expertConnection.getByRole('link', { name: 'View Profile' }).click();
    await expertPage.waitForURL(`**/dashboard/${company.id}`);
    const companyProfile = expertPage.getByRole('dialog', { name: company.name });
    await expect(companyProfile.getByRole('link', { name: company.email })).toBeVisible();
    await expect(companyProfile.getByText('Connected', { exact: true })).toBeVisible();
    await companyProfile.getByRole('button', { name: 'Close' }).click();
    await expertPage.waitForURL((url) => url.pathname === '/dashboard');

    // The company's dashboard follows live: the connection, and the advisor's details on the profile.
    const companyConnection = carousel(companyPage, 'Your Connections').getByRole('article', {
      name: expert.name,
    });
    await expect(companyConnection).toBeVisible({ timeout: 20_000 });
    await expect(carousel(companyPage, 'Sent Requests')).toHaveCount(0);
    await companyConnection.getByRole('link', { name: 'View Profile' }).click();
    const expertProfile = companyPage.getByRole('dialog', { name: expert.name });
    await expect(expertProfile.getByRole('link', { name: expert.email })).toBeVisible();
    await expertProfile.getByRole('button', { name: 'Close' }).click();
    await companyPage.waitForURL((url) => url.pathname === '/dashboard');

    // Meeting invites: the calendar file downloads.
    const ics = await companyPage.request.get(`/api/connections/${requestId}/invite.ics`);
    expect(ics.ok()).toBe(true);
    expect(await ics.text()).toContain('BEGIN:VCALENDAR');
    await expect(companyConnection.getByRole('link', { name: 'Google Calendar' })).toHaveAttribute(
      'href',
      /^https:\/\/calendar\.google\.com\//,
    );

    // Both review: the advisor rates the venture 4, the company rates the advisor 5.
    const before = {
      company: await storedRating(admin, company.id),
      expert: await storedRating(admin, expert.id),
    };
    for (const [reviewer, stars] of [
      [expertPage, 4],
      [companyPage, 5],
    ] as const) {
      const prompt = reviewer.getByRole('region', { name: reviewTexts.reviewPrompt });
      await prompt.getByRole('button', { name: reviewTexts.rateExperience }).click();
      const review = reviewer.getByRole('dialog', { name: /^Review / });
      const done = review.getByRole('button', { name: 'Done' });
      await expect(done).toBeDisabled();
      await rateWithKeyboard(review, stars);
      await expect(done).toBeEnabled();
      await expect(review).toHaveCSS('opacity', '1');
      await shot(reviewer, `connections-review-${stars}`);
      expect(await blockingViolations(reviewer), 'the review dialog').toEqual([]);
      await done.click();
      await expect(review).toHaveCount(0);
      await expect(reviewer.getByText(reviewTexts.allReviewsComplete)).toBeVisible();
      await expect(reviewer.getByRole('img', { name: `You rated ${stars} out of 5` })).toBeVisible();
    }

    await shot(companyPage, 'connections-company-reviewed');
    // The running means moved by one review each.
    await expect
      .poll(async () => storedRating(admin, company.id))
      .toEqual({
        numberOfRatings: before.company.numberOfRatings + 1,
        averageRating:
          (before.company.averageRating * before.company.numberOfRatings + 4) /
          (before.company.numberOfRatings + 1),
      });
    await expect
      .poll(async () => storedRating(admin, expert.id))
      .toEqual({
        numberOfRatings: before.expert.numberOfRatings + 1,
        averageRating:
          (before.expert.averageRating * before.expert.numberOfRatings + 5) /
          (before.expert.numberOfRatings + 1),
      });
    await companyContext.close();
  });

  test('putting the review dialog away closes nothing; an explicit close ends only the closer’s prompt', async ({
    page: expertPage,
    admin,
    browser,
  }) => {
    test.setTimeout(240_000);
    const pair = await suggestedPair(expertPage, admin, browser, 'expert');
    const { expert, company, companyPage, context: companyContext, suggestionId: id } = pair;
    const origin = new URL(expertPage.url()).origin;

    // Connected through the API, as the two dashboards would do it.
    const post = async (page: typeof expertPage, path: string, data?: unknown) => {
      const response = await page.request.post(path, { data, headers: { origin } });
      expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
    };
    await post(companyPage, '/api/connections', { suggestionId: id, message: '' });
    await post(expertPage, `/api/connections/${id}/accept`);
    const waiting = async (page: typeof expertPage) => {
      const response = await page.request.get('/api/connections');
      const buckets = (await response.json()) as { unrated: { id: string }[] };
      return buckets.unrated.map((r) => r.id);
    };

    await expertPage.goto('/dashboard');
    const prompt = expertPage.getByRole('region', { name: reviewTexts.reviewPrompt });
    await expect(prompt.getByText(company.name)).toBeVisible();
    await expect(prompt.getByRole('button', { name: reviewTexts.complete })).toBeVisible();

    // Its X, Escape and a click outside only put the dialog away: the member is asked again, even after a reload.
    const review = expertPage.getByRole('dialog', { name: reviewTexts.reviewTitle(company.name) });
    const putAway = [
      () => review.getByRole('button', { name: 'Close', exact: true }).click(),
      () => expertPage.keyboard.press('Escape'),
      () => expertPage.mouse.click(5, 400),
    ];
    for (const away of putAway) {
      await prompt.getByRole('button', { name: reviewTexts.rateExperience }).click();
      await expect(review).toBeVisible();
      await expect(review).toHaveCSS('opacity', '1');
      await away();
      await expect(review).toHaveCount(0);
      await expertPage.reload();
      await expect(prompt.getByText(company.name)).toBeVisible();
    }
    expect(await waiting(expertPage)).toEqual([id]);

    // The dialog's explicit action closes it as not rated, for the advisor only.
    await prompt.getByRole('button', { name: reviewTexts.rateExperience }).click();
    await review.getByRole('button', { name: reviewTexts.closeWithoutRating }).click();
    await expect(review).toHaveCount(0);
    await expect(prompt).toHaveCount(0);
    await expertPage.reload();
    await expect(
      carousel(expertPage, 'Your Connections').getByRole('article', { name: company.name }),
    ).toBeVisible();
    await expect(prompt).toHaveCount(0);
    expect(await waiting(expertPage)).toEqual([]);

    // The company is still asked about the advisor, live and after a reload, and closes it with Complete.
    await companyPage.goto('/dashboard');
    const companyPrompt = companyPage.getByRole('region', { name: reviewTexts.reviewPrompt });
    await expect(companyPrompt.getByText(expert.name)).toBeVisible();
    expect(await waiting(companyPage)).toEqual([id]);
    expect(await blockingViolations(companyPage), 'the review prompt').toEqual([]);
    await companyPrompt.getByRole('button', { name: reviewTexts.complete }).click();
    await expect(companyPrompt).toHaveCount(0);
    expect(await waiting(companyPage)).toEqual([]);
    await companyContext.close();
  });
});
