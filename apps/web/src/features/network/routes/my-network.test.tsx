import type { NetworkOverview, NetworkRequest } from '@intergen/contracts';
import {
  accessTexts,
  commonTexts,
  connectionRequestTexts,
  networkTexts,
  reviewTexts,
} from '@intergen/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildBuckets, buildCard, buildConnection, dashboardApi } from '../../../test/fixtures';
import { buildUser, configAnswer, errorAnswer, renderApp } from '../../../test/render';

const expert = buildUser();
const company = buildUser({ kind: 'company' });

function networkRequest(overrides: Partial<NetworkRequest> = {}): NetworkRequest {
  return {
    id: 'n1',
    status: 'requesting',
    direction: 'received',
    counterpart: buildCard({ id: 'e2', kind: 'expert', name: 'Grace Hopper', companyName: null }),
    viaCompanyId: 'c1',
    viaCompanyName: 'Analytical Engines',
    requestedAt: Date.UTC(2026, 0, 5),
    respondedAt: null,
    connectedOn: null,
    contact: null,
    ...overrides,
  };
}

function overview(overrides: Partial<NetworkOverview> = {}): NetworkOverview {
  return {
    received: [],
    sent: [],
    connected: [],
    counts: { requests: 0, advisors: 0, ventures: 0 },
    ...overrides,
  };
}

function networkApi(state: NetworkOverview, extra: Parameters<typeof dashboardApi>[1] = {}) {
  return dashboardApi(
    { buckets: buildBuckets() },
    {
      'GET /api/network': () => ({ body: state }),
      'GET /api/network/advisors': () => ({ body: { advisors: [], nextCursor: null, everyoneAdded: false } }),
      ...extra,
    },
  );
}

describe('My Network', () => {
  it('shows the sections with their counts and the received network request with Accept and Decline', async () => {
    networkApi(overview({ received: [networkRequest()], counts: { requests: 3, advisors: 1, ventures: 2 } }));
    renderApp('/my-network?section=Requests', { user: expert });
    const nav = await screen.findByRole('navigation', { name: networkTexts.sectionsLabel });
    await waitFor(() => expect(within(nav).getByRole('button', { name: /Requests\s*3/ })).toBeTruthy());
    expect(within(nav).getByRole('button', { name: /Advisors\s*1/ })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: /Ventures\s*2/ })).toBeTruthy();
    const list = await screen.findByRole('list', { name: networkTexts.receivedNetworkRequests });
    const card = within(list).getByRole('article', { name: 'Grace Hopper' });
    expect(within(card).getByText(networkTexts.via('Analytical Engines'))).toBeTruthy();
    // What the request is, and when: not a blank card.
    expect(within(card).getByText(networkTexts.receivedOn('Jan 5, 2026'))).toBeTruthy();
    expect(within(card).getByRole('button', { name: connectionRequestTexts.accept })).toBeTruthy();
    expect(within(card).getByRole('button', { name: connectionRequestTexts.decline })).toBeTruthy();
    // One request fits the row: there is no more to view.
    expect(screen.queryByRole('button', { name: networkTexts.viewMore })).toBeNull();
  });

  it('offers View More when the row cannot show every request, and says what a sent request is', async () => {
    const sent = Array.from({ length: 5 }, (_, i) =>
      networkRequest({
        id: `s${i}`,
        direction: 'sent',
        viaCompanyId: null,
        viaCompanyName: null,
        counterpart: buildCard({ id: `e${i + 10}`, kind: 'expert', name: `Advisor ${i}`, companyName: null }),
      }),
    );
    networkApi(overview({ sent }));
    renderApp('/my-network?section=Requests', { user: expert });
    const list = await screen.findByRole('list', { name: networkTexts.sentNetworkRequests });
    const card = within(list).getByRole('article', { name: 'Advisor 0' });
    expect(within(card).getByText(networkTexts.sentOn('Jan 5, 2026'))).toBeTruthy();
    expect(screen.getByRole('button', { name: networkTexts.viewMore })).toBeTruthy();
  });

  it('the decline confirmation says the other expert cannot see it', async () => {
    networkApi(overview({ received: [networkRequest()] }));
    renderApp('/my-network?section=Requests', { user: expert });
    const list = await screen.findByRole('list', { name: networkTexts.receivedNetworkRequests });
    fireEvent.click(within(list).getByRole('button', { name: connectionRequestTexts.decline }));
    const dialog = await screen.findByRole('dialog', { name: networkTexts.declineTitle });
    expect(
      within(dialog).getByText(
        'This will remove the network request from Grace Hopper. They cannot see that you have declined the request.',
      ),
    ).toBeTruthy();
  });

  it('accepting a received network request posts to the server', async () => {
    const { calls } = networkApi(overview({ received: [networkRequest()] }), {
      'POST /api/network/requests/n1/accept': () => ({
        body: { request: networkRequest({ status: 'connected' }) },
      }),
    });
    renderApp('/my-network', { user: expert });
    const list = await screen.findByRole('list', { name: networkTexts.receivedNetworkRequests });
    fireEvent.click(within(list).getByRole('button', { name: connectionRequestTexts.accept }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/network/requests/n1/accept')).toHaveLength(1),
    );
  });

  it('shows the empty states: No pending requests, You have no connections, You’ve added everyone', async () => {
    networkApi(overview(), {
      'GET /api/network/advisors': () => ({ body: { advisors: [], nextCursor: null, everyoneAdded: true } }),
    });
    renderApp('/my-network?section=Requests', { user: expert });
    expect(await screen.findAllByText(connectionRequestTexts.noPendingRequests)).not.toHaveLength(0);
    fireEvent.click(
      within(screen.getByRole('navigation', { name: networkTexts.sectionsLabel })).getByRole('button', {
        name: /Advisors/,
      }),
    );
    expect(await screen.findAllByText(connectionRequestTexts.youHaveNoConnections)).not.toHaveLength(0);
    expect(await screen.findByText(networkTexts.youveAddedEveryone)).toBeTruthy();
  });

  it('shows a connected advisor’s contact details in the Advisors section, and the search results', async () => {
    networkApi(
      overview({
        connected: [
          networkRequest({
            status: 'connected',
            contact: { email: 'grace@example.com', phone: null, linkedin: null, jobTitle: null },
          }),
        ],
      }),
      {
        'GET /api/network/advisors': () => ({
          body: {
            advisors: [
              {
                card: buildCard({ id: 'e3', kind: 'expert', name: 'Alan Turing', companyName: null }),
                viaCompanyId: 'c1',
                viaCompanyName: 'Analytical Engines',
              },
            ],
            nextCursor: null,
            everyoneAdded: false,
          },
        }),
      },
    );
    renderApp('/my-network?section=Advisors', { user: expert });
    const list = await screen.findByRole('list', { name: networkTexts.yourNetwork });
    expect(within(list).getByText('grace@example.com')).toBeTruthy();
    expect(
      await screen.findByRole('button', { name: networkTexts.addToNetworkNamed('Alan Turing') }),
    ).toBeTruthy();
    // The whole list is in: it says so at its end.
    expect(screen.getByText(networkTexts.thatsEveryoneForNow)).toBeTruthy();
    expect(screen.queryByText(networkTexts.youveAddedEveryone)).toBeNull();
  });

  it('with nobody to offer, does not claim the expert added everyone', async () => {
    networkApi(overview());
    renderApp('/my-network?section=Advisors', { user: expert });
    expect(await screen.findByText(networkTexts.noAdvisorsToOffer)).toBeTruthy();
    expect(screen.queryByText(networkTexts.youveAddedEveryone)).toBeNull();
    expect(screen.queryByText(networkTexts.thatsEveryoneForNow)).toBeNull();
  });

  it('Ventures: Review Your Recent Connections lists the unrated connections to review', async () => {
    const { current } = networkApi(overview({ counts: { requests: 0, advisors: 0, ventures: 1 } }));
    current.buckets = buildBuckets({ unrated: [buildConnection()] });
    renderApp('/my-network?section=Ventures', { user: expert });
    // The section, and the carousel inside it, carry the title.
    const [review] = await screen.findAllByRole('region', { name: networkTexts.reviewRecentConnections });
    expect(within(review!).getAllByRole('article')).toHaveLength(1);
    // Each connection once on the page: the one to review is not listed again below.
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(within(review!).getByRole('button', { name: reviewTexts.leaveReview })).toBeTruthy();
    expect(within(review!).queryByText(reviewTexts.allReviewsComplete)).toBeNull();
  });

  it('Ventures: the sections show their headings over loading rows while the lists are asked for', async () => {
    const { current, fetchMock } = networkApi(
      overview({ counts: { requests: 0, advisors: 0, ventures: 1 } }),
    );
    current.buckets = buildBuckets({ unrated: [buildConnection()] });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (/\/api\/(network|connections)$/.test(String(input))) await held;
      return fetchMock(input, init);
    });
    renderApp('/my-network?section=Ventures', { user: expert });
    // Neither the network (the counts) nor the connections have answered: the two sections are there already.
    for (const heading of [networkTexts.reviewRecentConnections, connectionRequestTexts.connectionsHeading]) {
      expect(await screen.findByRole('heading', { level: 2, name: heading })).toBeTruthy();
    }
    expect(screen.getAllByRole('list', { name: connectionRequestTexts.loading })).toHaveLength(2);

    release();
    const [review] = await screen.findAllByRole('region', { name: networkTexts.reviewRecentConnections });
    expect(within(review!).getAllByRole('article')).toHaveLength(1);
    // Each connection once on the page: the one to review is not listed again below.
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.queryAllByRole('list', { name: connectionRequestTexts.loading })).toHaveLength(0);
  });

  it('Ventures: connections that could not be loaded say so once, and Try again asks again', async () => {
    let failing = true;
    const { current, calls } = networkApi(overview({ counts: { requests: 0, advisors: 0, ventures: 1 } }), {
      'GET /api/connections': () =>
        failing
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Something went wrong.' } } }
          : { body: current.buckets },
    });
    current.buckets = buildBuckets({ unrated: [buildConnection()] });
    renderApp('/my-network?section=Ventures', { user: expert });
    const retry = await screen.findByRole('button', { name: commonTexts.tryAgain }, { timeout: 10_000 });
    expect(screen.getAllByText(new RegExp(connectionRequestTexts.loadFailed))).toHaveLength(1);
    const asked = calls.filter((c) => c.path === '/api/connections').length;
    failing = false;
    fireEvent.click(retry);
    const [review] = await screen.findAllByRole('region', { name: networkTexts.reviewRecentConnections });
    expect(within(review!).getAllByRole('article')).toHaveLength(1);
    // Each connection once on the page: the one to review is not listed again below.
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(calls.filter((c) => c.path === '/api/connections').length).toBeGreaterThan(asked);
  });

  it('Ventures: with every connection rated, All reviews complete', async () => {
    const { current } = networkApi(overview({ counts: { requests: 0, advisors: 0, ventures: 1 } }));
    current.buckets = buildBuckets({ rated: [buildConnection({ ventureRating: 4 })] });
    renderApp('/my-network?section=Ventures', { user: expert });
    const review = await screen.findByRole('region', { name: networkTexts.reviewRecentConnections });
    expect(within(review).getByText(reviewTexts.allReviewsComplete)).toBeTruthy();
    expect(within(review).queryByRole('article')).toBeNull();
  });

  it('a member the search refuses (a profile under review) is told why, without a retry that cannot help', async () => {
    networkApi(overview(), {
      'GET /api/network/advisors': () =>
        errorAnswer(403, 'MEMBERS_LOCKED', accessTexts.communityWhilePending),
    });
    renderApp('/my-network?section=Advisors', { user: expert });
    expect(await screen.findByText(accessTexts.communityWhilePending)).toBeTruthy();
    expect(screen.queryByRole('button', { name: commonTexts.tryAgain })).toBeNull();
  });

  it('a company sees Requests and Advisors only', async () => {
    networkApi(overview());
    renderApp('/my-network?section=Ventures', { user: company });
    const nav = await screen.findByRole('navigation', { name: networkTexts.sectionsLabel });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(/\d+$/, '')),
    ).toEqual(['Requests', 'Advisors']);
  });

  it('with the community tab off, goes to the dashboard and never asks for the network', async () => {
    const api = networkApi(overview(), {
      'GET /api/config': () => ({ body: { ...configAnswer.body, communityTab: false } }),
    });
    const { router } = renderApp('/my-network?section=Advisors', { user: expert });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.calls.some((c) => c.path.startsWith('/api/network'))).toBe(false);
  });
});
