import { connectionRequestTexts, profilePageTexts } from '@intergen/domain';
import { carousel } from './support/connections';
import { expect, test } from './support/fixtures';
import { suggestedPair } from './support/matching';

test.describe('who sees what, in the browser', () => {
  test('after the advisor accepts, the company re-opening the profile sees the contact details without a reload', async ({
    page: companyPage,
    admin,
    browser,
  }) => {
    test.setTimeout(240_000);
    const pair = await suggestedPair(companyPage, admin, browser, 'company');
    const { expert, company, expertPage, context: expertContext } = pair;

    // The company looks at the advisor's profile first: no contact details before connecting.
    await companyPage.goto('/dashboard');
    const card = carousel(companyPage, 'Recommended Advisors').getByRole('article', { name: expert.name });
    await card.getByRole('link', { name: profilePageTexts.viewProfile }).click();
    const profile = companyPage.getByRole('dialog', { name: expert.name });
    await expect(profile.getByText(profilePageTexts.contactHidden)).toBeVisible();
    await expect(profile.getByRole('link', { name: expert.email })).toHaveCount(0);
    await profile.getByRole('button', { name: 'Close' }).click();
    await companyPage.waitForURL((url) => url.pathname === '/dashboard');

    // It sends a request; the advisor accepts in their own browser.
    await card.getByRole('button', { name: 'Connect' }).click();
    const connect = companyPage.getByRole('dialog', { name: `Connect with ${expert.name}?` });
    await connect.getByRole('button', { name: 'Send' }).click();
    await expect(connect).toHaveCount(0);
    await expertPage.goto('/dashboard');
    const received = carousel(expertPage, 'Connection Requests').getByRole('article', { name: company.name });
    await received.getByRole('button', { name: 'Accept' }).click();
    await expect(expertPage.getByText(connectionRequestTexts.acceptedBanner)).toBeVisible();

    // Without a reload, the company's dashboard follows; the profile it opened before now shows the details.
    const connection = carousel(companyPage, 'Your Connections').getByRole('article', { name: expert.name });
    await expect(connection).toBeVisible({ timeout: 30_000 });
    await connection.getByRole('link', { name: profilePageTexts.viewProfile }).click();
    const reopened = companyPage.getByRole('dialog', { name: expert.name });
    await expect(reopened.getByRole('link', { name: expert.email })).toBeVisible();
    await expect(reopened.getByText(profilePageTexts.contactHidden)).toHaveCount(0);
    await expertContext.close();
  });
});
