import { auditTexts, navigationTexts, reviewTexts, settingsTexts } from '@intergen/domain';
import type { Page } from '@playwright/test';
import { overflowsSideways, rateWithKeyboard, suggestPair } from './support/connections';
import { expect, test } from './support/fixtures';
import { type FreshServer, startFreshServer } from './support/fresh-server';
import { publishedMatchingCompany, publishedMatchingExpert } from './support/matching';
import { blockingViolations, shot } from './support/wizard-a11y';

const surveyUrl = 'https://forms.example.com/advisor-survey?embedded=true';

/** Opens the review dialog from the dashboard's prompt. */
async function openReview(page: Page) {
  const prompt = page.getByRole('region', { name: reviewTexts.reviewPrompt });
  await prompt.getByRole('button', { name: reviewTexts.rateExperience }).click();
  const review = page.getByRole('dialog', { name: /^Review / });
  await expect(review).toBeVisible();
  return review;
}

test.describe('admin settings', () => {
  // The settings apply to every member of a server: this spec changes those of a server of its own, so the specs
  // running beside it on the shared server never see its survey form.
  let server: FreshServer;
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    server = await startFreshServer('settings');
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('an admin changes the survey URL and a member’s review dialog embeds it without a restart', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const { baseURL } = server;
    const adminContext = await browser.newContext({ baseURL });
    const adminPage = await adminContext.newPage();
    await adminPage.goto(server.adminLink);
    await adminPage.waitForURL('**/admin/mailbox');
    const admin = adminContext.request;

    // An advisor and a company, connected.
    const expertContext = await browser.newContext({ baseURL });
    const expertPage = await expertContext.newPage();
    const expert = await publishedMatchingExpert(expertPage, admin);
    const companyContext = await browser.newContext({ baseURL });
    const companyPage = await companyContext.newPage();
    const company = await publishedMatchingCompany(companyPage, admin);
    const requestId = await suggestPair(admin, baseURL, expert.id, company.id);
    const origin = { origin: baseURL };
    const sent = await companyPage.request.post('/api/connections', {
      data: { suggestionId: requestId, message: '' },
      headers: origin,
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const accepted = await expertPage.request.post(`/api/connections/${requestId}/accept`, {
      data: {},
      headers: origin,
    });
    expect(accepted.status(), await accepted.text()).toBe(200);

    // No survey form yet: the review dialog asks for a comment.
    await expertPage.goto('/dashboard');
    let review = await openReview(expertPage);
    await expect(review.getByRole('textbox', { name: reviewTexts.comment })).toBeVisible();
    await expect(review.locator('iframe')).toHaveCount(0);
    await expertPage.keyboard.press('Escape');
    await expect(review).toHaveCount(0);

    // The admin opens Settings from the admin navigation and sets the advisors' form of this server's environment.
    await adminPage
      .getByRole('navigation', { name: navigationTexts.admin })
      .getByRole('link', { name: settingsTexts.navLabel })
      .click();
    await expect(adminPage.getByRole('heading', { level: 1, name: settingsTexts.pageTitle })).toBeVisible();
    const thisServer = adminPage.getByRole('group', {
      name: new RegExp(settingsTexts.surveyFormsOf(settingsTexts.environmentLabels.development)),
    });
    await expect(thisServer.getByText(settingsTexts.thisServer)).toBeVisible();
    const advisorsForm = thisServer.getByRole('textbox', { name: settingsTexts.expertFormLabel });
    // A wrong address is refused on its field, before anything is saved.
    await advisorsForm.fill('http://forms.example.com/not-encrypted');
    await advisorsForm.press('Enter');
    await expect(thisServer.getByText(settingsTexts.errors.httpsUrl)).toBeVisible();
    await expect(advisorsForm).toHaveAttribute('aria-invalid', 'true');
    // Typed and saved with the keyboard alone.
    await advisorsForm.fill('');
    await advisorsForm.pressSequentially(surveyUrl);
    await advisorsForm.press('Enter');
    await expect(adminPage.getByText(settingsTexts.saved)).toBeVisible();
    await shot(adminPage, 'admin-settings');
    expect(await blockingViolations(adminPage), 'the settings page').toEqual([]);

    // The member's next look at the dashboard (the server was not restarted) embeds the form.
    await expertPage.reload();
    review = await openReview(expertPage);
    const frame = review.locator('iframe');
    await expect(frame).toHaveAttribute('src', surveyUrl);
    await expect(frame).toHaveAttribute('title', reviewTexts.surveyFrameTitle);
    // With a form, Done also waits for the member to say the survey is submitted.
    const done = review.getByRole('button', { name: 'Done' });
    await rateWithKeyboard(review, 4);
    await expect(done).toBeDisabled();
    await review.getByRole('checkbox', { name: reviewTexts.surveySubmitted }).check();
    await expect(done).toBeEnabled();
    await expertPage.keyboard.press('Escape');

    // The change is in the audit log: who, what, before and after.
    await adminPage
      .getByRole('navigation', { name: navigationTexts.admin })
      .getByRole('link', { name: auditTexts.navLabel })
      .click();
    const entry = adminPage.getByRole('row').filter({ hasText: settingsTexts.keyLabels.surveyForms });
    await expect(entry).toHaveCount(1);
    await expect(entry.getByText(surveyUrl)).toBeVisible();
    await expect(entry.getByText('admin@localhost')).toBeVisible();
    expect(await blockingViolations(adminPage), 'the audit log').toEqual([]);

    // At 390 px both pages fit the width (the audit table scrolls inside its frame).
    await adminPage.setViewportSize({ width: 390, height: 800 });
    await expect(entry).toBeAttached();
    await expect.poll(() => overflowsSideways(adminPage), { message: 'the audit log at 390 px' }).toBe(false);
    await adminPage
      .getByRole('navigation', { name: navigationTexts.admin })
      .getByRole('link', { name: settingsTexts.navLabel })
      .click();
    await expect(adminPage.getByRole('button', { name: settingsTexts.save })).toBeVisible();
    await expect.poll(() => overflowsSideways(adminPage), { message: 'the settings at 390 px' }).toBe(false);
    await shot(adminPage, 'admin-settings-390');
    expect(await blockingViolations(adminPage), 'the settings page at 390 px').toEqual([]);

    await adminContext.close();
    await expertContext.close();
    await companyContext.close();
  });
});
