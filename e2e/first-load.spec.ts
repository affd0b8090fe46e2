import { connectionRequestTexts, suggestionTexts } from '@intergen/domain';
import { expect, test } from './support/fixtures';
import { publishedMatchingCompany } from './support/matching';

/**
 * A member's dashboard is sent with its data asked for in the HTML (apps/web/prerender.ts, `fetches`): the
 * browser fetches the lists while the scripts load, and the app's own requests take those answers instead of
 * asking again.
 */
test('the dashboard’s lists are asked for once, by the page’s preloads, and the app uses those answers', async ({
  page,
  admin,
  request,
}) => {
  test.setTimeout(150_000);
  // A visitor without a session gets the plain app (which sends them to the login): no data asked for in vain.
  const anonymous = await (await request.get('/dashboard')).text();
  expect(anonymous).not.toContain('href="/api/suggestions"');
  expect(anonymous).toContain('href="/api/auth/session"');

  await publishedMatchingCompany(page, admin);

  const html = await (await page.request.get('/dashboard')).text();
  for (const address of ['/api/suggestions', '/api/connections', '/api/config'])
    expect(html, `${address} preloaded`).toContain(
      `<link rel="preload" href="${address}" as="fetch" crossorigin>`,
    );

  // Counted from a blank page: the wizard's last page, still open, asks for the settings and lists of its own (the
  // app's next page after publishing), and a request of its that came after the listener would be counted here.
  await page.goto('about:blank');
  const asked = new Map<string, number>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    asked.set(pathname, (asked.get(pathname) ?? 0) + 1);
  });

  await page.goto('/dashboard');
  await expect(
    page.getByRole('heading', { level: 2, name: suggestionTexts.recommendedHeading.company }),
  ).toBeVisible();
  await expect(page.getByText(connectionRequestTexts.noPendingRequests)).toBeVisible();
  // One request each until the page is shown: had the app's fetch not matched the preload, the browser would have
  // asked twice by then. (Later asks are the app's own: the settings read again when the tab is used, and so on.)
  const shown = new Map(asked);
  for (const address of ['/api/suggestions', '/api/connections', '/api/config'])
    expect(shown.get(address), `${address} requests`).toBe(1);
});
