import { connectionRequestTexts, networkTexts, profilePageTexts } from '@intergen/domain';
import { carousel, overflowsSideways } from './support/connections';
import { expect, test } from './support/fixtures';
import { publishedMatchingExpert } from './support/matching';
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
