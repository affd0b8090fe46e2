import { suggestionTexts } from '@intergen/domain';
import { buildCard, buildSuggestion } from '../apps/web/src/test/fixtures';
import { carousel, overflowsSideways } from './support/connections';
import { expect, test } from './support/fixtures';
import { publishedMatchingCompany } from './support/matching';

/**
 * The dashboard's rows of cards (components/card-carousel.tsx) are the browser's own scrolling, snapped to the
 * cards: this walks one at a phone's width with the buttons and the keyboard. The company is real and signed in;
 * its four suggestions are answered by the test (the page's own request, in the contract's shape), since pairing
 * four published advisors through the admin would add a minute for nothing this test looks at.
 */
test('a row of cards moves a card at a time with Next and Previous, the arrow keys, Home and End', async ({
  page,
  admin,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await publishedMatchingCompany(page, admin);

  const names = ['Alma Advisor', 'Bruno Advisor', 'Cleo Advisor', 'Dara Advisor'];
  const suggestions = names.map((name, i) =>
    buildSuggestion({
      id: `carousel-${i}`,
      counterpart: buildCard({ id: `advisor-${i}`, kind: 'expert', name, companyName: null }),
    }),
  );
  await page.route('**/api/suggestions', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: { suggestions } }) : route.fallback(),
  );

  await page.goto('/dashboard');
  const heading = suggestionTexts.recommendedHeading.company;
  const row = carousel(page, heading);
  const card = (i: number) => row.getByRole('article', { name: names[i] });
  const previous = page.getByRole('button', { name: `Previous: ${heading}` });
  const next = page.getByRole('button', { name: `Next: ${heading}` });

  await expect(row.locator(':scope > li')).toHaveCount(4);
  await expect(card(0)).toBeInViewport({ ratio: 0.9 });
  await expect(card(1)).not.toBeInViewport();
  await expect(previous).toBeDisabled();
  await expect(next).toBeEnabled();

  await next.click();
  await expect(card(1)).toBeInViewport({ ratio: 0.9 });
  await expect(card(0)).not.toBeInViewport();
  await expect(previous).toBeEnabled();

  await previous.click();
  await expect(card(0)).toBeInViewport({ ratio: 0.9 });
  await expect(previous).toBeDisabled();

  // The keys work from anything in a card (its links and buttons).
  await card(0).getByRole('link').first().focus();
  await page.keyboard.press('End');
  await expect(card(3)).toBeInViewport({ ratio: 0.9 });
  await expect(next).toBeDisabled();
  await page.keyboard.press('Home');
  await expect(card(0)).toBeInViewport({ ratio: 0.9 });
  await page.keyboard.press('ArrowRight');
  await expect(card(1)).toBeInViewport({ ratio: 0.9 });
  await page.keyboard.press('ArrowLeft');
  await expect(card(0)).toBeInViewport({ ratio: 0.9 });

  // Tab reaches a card out of view, and the row brings it in.
  await card(2).getByRole('link').first().focus();
  await expect(card(2)).toBeInViewport({ ratio: 0.9 });

  // The row scrolls inside itself: the page does not scroll sideways.
  expect(await overflowsSideways(page)).toBe(false);
});
