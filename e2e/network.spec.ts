import { connectionRequestTexts, networkTexts, profilePageTexts } from '@intergen/domain';
import type { Browser, Page } from '@playwright/test';
import { carousel, overflowsSideways, suggestPair } from './support/connections';
import { expect, test } from './support/fixtures';
import { publishedMatchingCompany, publishedMatchingExpert } from './support/matching';
import { blockingViolations, shot } from './support/wizard-a11y';

test.describe('My Network between two browsers', () => {
  test('an advisor adds another to their network, who sees it live and accepts; contact details show both ways', async ({
    page: aPage,
    admin,
    browser,
  }) => {
    test.setTimeout(240_000);
    const a = await publishedMatchingExpert(aPage, admin);
    const bContext = await browser.newContext();
    const bPage = await bContext.newPage();
    const b = await publishedMatchingExpert(bPage, admin);

    // B's My Network is open on Requests, with nothing pending.
    await bPage.goto('/my-network?section=Requests');
    await expect(bPage.getByRole('heading', { level: 1, name: 'My Network' })).toBeVisible();
    await expect(bPage.getByText(connectionRequestTexts.noPendingRequests).first()).toBeVisible();

    // A opens B's profile over My Network (B is in the expert community) and adds B: not Connect.
    await aPage.goto(`/my-network/${b.id}?section=Requests`);
    const profile = aPage.getByRole('dialog');
    await expect(profile.getByRole('heading', { name: b.name })).toBeVisible();
    await expect(profile.getByRole('button', { name: connectionRequestTexts.connect })).toHaveCount(0);
    await expect(profile.getByText(profilePageTexts.contactHidden)).toBeVisible();
    await profile.getByRole('button', { name: networkTexts.addToNetwork }).click();
    await expect(profile.getByText(networkTexts.requested)).toBeVisible();
    await expect(profile.getByRole('button', { name: connectionRequestTexts.cancelRequest })).toBeVisible();
    await aPage.keyboard.press('Escape');
    await expect(
      carousel(aPage, networkTexts.sentNetworkRequests).getByRole('article', { name: b.name }),
    ).toBeVisible();

    // B sees the request without a reload, and accepts it.
    const received = carousel(bPage, networkTexts.receivedNetworkRequests).getByRole('article', {
      name: a.name,
    });
    await expect(received).toBeVisible({ timeout: 20_000 });
    await received.getByRole('button', { name: connectionRequestTexts.accept }).click();

    await shot(bPage, 'network-requests');
    // Both see each other's contact details: B in the Advisors section, A in theirs and on B's profile.
    await bPage
      .getByRole('navigation', { name: networkTexts.sectionsLabel })
      .getByRole('button', { name: /Advisors/ })
      .click();
    await expect(bPage).toHaveURL(/section=Advisors/);
    const aCard = carousel(bPage, networkTexts.yourNetwork).getByRole('article', { name: a.name });
    await expect(aCard.getByText(a.email)).toBeVisible();
    await aPage.goto('/my-network?section=Advisors');
    const bCard = carousel(aPage, networkTexts.yourNetwork).getByRole('article', { name: b.name });
    await expect(bCard.getByText(b.email)).toBeVisible();
    await shot(aPage, 'network-advisors');
    expect(await blockingViolations(aPage), 'My Network, Advisors').toEqual([]);
    await bCard.getByRole('link', { name: profilePageTexts.viewProfile }).click();
    const bProfile = aPage.getByRole('dialog');
    await expect(bProfile.getByText(b.email)).toBeVisible();
    await expect(bProfile.getByText(connectionRequestTexts.connected)).toBeVisible();

    // At 390 px the sections are tabs on top and nothing scrolls sideways.
    await aPage.keyboard.press('Escape');
    await aPage.setViewportSize({ width: 390, height: 800 });
    await expect(
      aPage.getByRole('radiogroup').or(aPage.getByLabel(networkTexts.sectionsLabel)).first(),
    ).toBeVisible();
    await expect
      .poll(() => overflowsSideways(aPage), { message: 'My Network at 390 px scrolls sideways' })
      .toBe(false);
    await shot(aPage, 'network-390');
    await bContext.close();
  });
});

/** A page in a browser context of its own. */
async function ownPage(browser: Browser, baseURL: string): Promise<Page> {
  return (await browser.newContext({ baseURL })).newPage();
}

test.describe('the My Network search', () => {
  test('finds the advisors of a shared venture whichever side accepted; Escape blurs the search and keeps it', async ({
    page,
    admin,
    browser,
    baseURL: url,
  }) => {
    test.setTimeout(300_000);
    const baseURL = url!;
    const origin = { origin: baseURL };
    const companyPage = await ownPage(browser, baseURL);
    const company = await publishedMatchingCompany(companyPage, admin);
    /** `from` asks, the other side accepts: through each one's session, as their buttons would. */
    const connect = async (expertPage: Page, expertId: string, from: 'expert' | 'company') => {
      const suggestionId = await suggestPair(admin, baseURL, expertId, company.id);
      const [sender, recipient] = from === 'expert' ? [expertPage, companyPage] : [companyPage, expertPage];
      const sent = await sender.request.post('/api/connections', { data: { suggestionId }, headers: origin });
      expect(sent.status(), await sent.text()).toBe(201);
      const accepted = await recipient.request.post(`/api/connections/${suggestionId}/accept`, {
        data: {},
        headers: origin,
      });
      expect(accepted.status(), await accepted.text()).toBe(200);
    };

    // One advisor asked and the company accepted; another was asked by the company and accepted.
    const askedPage = await ownPage(browser, baseURL);
    const asked = await publishedMatchingExpert(askedPage, admin);
    await connect(askedPage, asked.id, 'expert');
    const acceptedPage = await ownPage(browser, baseURL);
    const accepting = await publishedMatchingExpert(acceptedPage, admin);
    await connect(acceptedPage, accepting.id, 'company');
    // The searching advisor accepted the company's request too.
    const me = await publishedMatchingExpert(page, admin);
    await connect(page, me.id, 'company');

    await page.goto('/my-network?section=Advisors');
    const results = page.getByRole('table', { name: networkTexts.findAdvisors });
    await expect(results.getByRole('link', { name: asked.name })).toBeVisible();
    await expect(results.getByRole('link', { name: accepting.name })).toBeVisible();

    // The advisor who accepted finds the others as well.
    await acceptedPage.goto('/my-network?section=Advisors');
    const theirs = acceptedPage.getByRole('table', { name: networkTexts.findAdvisors });
    await expect(theirs.getByRole('link', { name: asked.name })).toBeVisible();
    await expect(theirs.getByRole('link', { name: me.name })).toBeVisible();

    // `/` focuses the search; Escape blurs it and keeps what was typed, and the list it found.
    const search = page.getByRole('searchbox', { name: networkTexts.searchLabel });
    await page.locator('body').press('/');
    await expect(search).toBeFocused();
    await page.keyboard.type(accepting.name);
    await expect(results.getByRole('link', { name: asked.name })).toHaveCount(0);
    await expect(results.getByRole('link', { name: accepting.name })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(search).not.toBeFocused();
    await expect(search).toHaveValue(accepting.name);
    await expect(results.getByRole('link', { name: asked.name })).toHaveCount(0);
    await expect(results.getByRole('link', { name: accepting.name })).toBeVisible();

    // Both ask the searcher to join their network. At 390 px one card fits the row, so View More opens the
    // table, whose Accept and Decline are on screen without scrolling sideways.
    for (const p of [askedPage, acceptedPage]) {
      const r = await p.request.post('/api/network/requests', { data: { expertId: me.id }, headers: origin });
      expect(r.status(), await r.text()).toBe(201);
    }
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/my-network?section=Requests');
    const row = carousel(page, networkTexts.receivedNetworkRequests);
    await expect(row.getByRole('article')).toHaveCount(2);
    await page.getByRole('button', { name: networkTexts.viewMore }).click();
    const table = page.getByRole('table');
    for (const name of [connectionRequestTexts.accept, connectionRequestTexts.decline]) {
      const buttons = table.getByRole('button', { name, exact: true });
      await expect(buttons).toHaveCount(2);
      for (const button of await buttons.all()) {
        const box = await button.boundingBox();
        expect(box, name).not.toBeNull();
        expect(box!.x, name).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, name).toBeLessThanOrEqual(390);
      }
    }
    await expect
      .poll(() => overflowsSideways(page), { message: 'the request table at 390 px scrolls sideways' })
      .toBe(false);
    await table.getByRole('button', { name: connectionRequestTexts.accept, exact: true }).first().click();
    // Accepted: it leaves the requests received.
    await expect(table.getByRole('button', { name: connectionRequestTexts.accept, exact: true })).toHaveCount(
      1,
    );
    for (const p of [companyPage, askedPage, acceptedPage]) await p.context().close();
  });
});
