import type { APIRequestContext, Locator, Page } from '@playwright/test';

/**
 * Helpers of the connections spec: the admin pairs two published members (as in /admin/suggestions) and
 * reads their ratings (as the admin's profile page reads them).
 */

/** The admin suggests `companyId` to `expertId`; answers the suggestion's id (a request's id is the same). */
export async function suggestPair(
  admin: APIRequestContext,
  origin: string,
  expertId: string,
  companyId: string,
): Promise<string> {
  const response = await admin.post('/api/admin/suggestions', {
    data: { expertId, companyId },
    headers: { origin },
  });
  if (!response.ok()) throw new Error(`Suggest answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as { suggestionId: string }).suggestionId;
}

/** A member's running rating as stored (GET /api/admin/profiles/:id). */
export async function storedRating(
  admin: APIRequestContext,
  profileId: string,
): Promise<{ averageRating: number; numberOfRatings: number }> {
  const response = await admin.get(`/api/admin/profiles/${encodeURIComponent(profileId)}`);
  if (!response.ok()) throw new Error(`GET profile answered ${response.status()}: ${await response.text()}`);
  const { profile } = (await response.json()) as {
    profile: { averageRating: number; numberOfRatings: number };
  };
  return { averageRating: profile.averageRating, numberOfRatings: profile.numberOfRatings };
}

/** A dashboard carousel's list of cards, by its heading. */
export function carousel(page: Page, heading: string): Locator {
  return page.getByRole('list', { name: heading });
}

/** Rates `stars` in the review dialog's Rating with the keyboard, as a keyboard user would. */
export async function rateWithKeyboard(dialog: Locator, stars: number) {
  const star = dialog
    .getByRole('group', { name: 'Rating' })
    .getByRole('radio', { name: `${stars} out of 5` });
  await star.focus();
  await star.press('Enter');
}

/**
 * Whether the page scrolls sideways (content wider than the viewport). After a viewport change the layout
 * (carousels measure themselves) settles a moment later: poll it with `expect.poll`.
 */
export async function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}
