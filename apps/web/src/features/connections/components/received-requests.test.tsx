import { connectionRequestTexts, connectionTimings } from '@intergen/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildBuckets, buildCard, buildConnection, buildRequest, dashboardApi } from '../../../test/fixtures';
import { buildUser, renderApp } from '../../../test/render';

const expert = buildUser();

async function receivedCard(name: string) {
  const list = await screen.findByRole('list', { name: 'Connection Requests' });
  return within(list).getByRole('article', { name });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('received connection requests on the dashboard', () => {
  it('shows who asked and their message as plain text with its line breaks, and tells the server it was seen', async () => {
    const request = buildRequest({ message: 'Line one\n<b>Line two</b>' });
    const { calls } = dashboardApi(
      { buckets: buildBuckets({ received: [request] }) },
      { 'POST /api/connections/seen': () => ({ body: { seen: ['s1'] } }) },
    );
    renderApp('/dashboard', { user: expert });
    const ada = await receivedCard('Ada Lovelace');
    expect(within(ada).getByText('Analytical Engines')).toBeTruthy();
    const message = within(ada).getByText(/^Line one/);
    expect(message.textContent).toBe('Line one\n<b>Line two</b>');
    expect(message.querySelector('b')).toBeNull();
    expect(within(ada).getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(within(ada).getByRole('button', { name: 'Decline' })).toBeTruthy();
    expect(within(ada).getByRole('button', { name: 'Clear from dashboard' })).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/connections/seen')).toHaveLength(1));
    expect(calls.find((c) => c.path === '/api/connections/seen')?.body).toEqual({ ids: ['s1'] });
  });

  it('tells the server about a row of new requests in one call, without those seen before', async () => {
    const received = ['s1', 's2', 's3', 's4'].map((id, n) =>
      buildRequest({
        id,
        seen: id === 's2',
        counterpart: buildCard({ id: `e${n}`, name: `Member ${n}` }),
      }),
    );
    const { calls } = dashboardApi(
      { buckets: buildBuckets({ received }) },
      { 'POST /api/connections/seen': () => ({ body: { seen: ['s1', 's3', 's4'] } }) },
    );
    renderApp('/dashboard', { user: expert });
    await receivedCard('Member 3');
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/connections/seen')).toHaveLength(1));
    const [call] = calls.filter((c) => c.path === '/api/connections/seen');
    expect((call!.body as { ids: string[] }).ids.sort()).toEqual(['s1', 's3', 's4']);
    // No call per card.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls.filter((c) => /^\/api\/connections\/[^/]+\/seen$/.test(c.path))).toHaveLength(0);
    expect(calls.filter((c) => c.path === '/api/connections/seen')).toHaveLength(1);
  });

  it('says No pending requests when there are none', async () => {
    dashboardApi({ buckets: buildBuckets() });
    renderApp('/dashboard', { user: expert });
    expect(await screen.findByText('No pending requests')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Connection Requests' })).toBeTruthy();
  });

  it('declines only after the confirmation, shows Marked as not interested, then the card leaves', async () => {
    const { calls, current } = dashboardApi(
      { buckets: buildBuckets({ received: [buildRequest({ seen: true })] }) },
      {
        'POST /api/connections/s1/deny': () => {
          current.buckets = buildBuckets();
          return { body: { request: buildRequest({ notInterested: true, seen: true }) } };
        },
      },
    );
    renderApp('/dashboard', { user: expert });
    fireEvent.click(within(await receivedCard('Ada Lovelace')).getByRole('button', { name: 'Decline' }));
    let dialog = await screen.findByRole('dialog', { name: 'Decline connection request?' });
    expect(
      within(dialog).getByText(
        'This will remove the connection request from Ada Lovelace. They cannot see that you have declined the request.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.path === '/api/connections/s1/deny')).toHaveLength(0);

    fireEvent.click(within(await receivedCard('Ada Lovelace')).getByRole('button', { name: 'Decline' }));
    dialog = await screen.findByRole('dialog', { name: 'Decline connection request?' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    const marked = await within(await receivedCard('Ada Lovelace')).findByRole('button', {
      name: 'Marked as not interested',
    });
    expect(marked).toHaveProperty('disabled', true);
    expect((await receivedCard('Ada Lovelace')).className).toContain('ig-card-leaving');
    await vi.advanceTimersByTimeAsync(600);
    expect(await screen.findByText('No pending requests')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/connections/s1/deny')).toHaveLength(1);
  });

  it('clears a request from the dashboard after the Remove confirmation', async () => {
    const { calls, current } = dashboardApi(
      { buckets: buildBuckets({ received: [buildRequest({ seen: true })] }) },
      {
        'POST /api/connections/s1/dismiss': () => {
          current.buckets = buildBuckets();
          return { body: { request: buildRequest({ dismissed: true, seen: true }) } };
        },
      },
    );
    renderApp('/dashboard', { user: expert });
    fireEvent.click(
      within(await receivedCard('Ada Lovelace')).getByRole('button', { name: 'Clear from dashboard' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Clear from dashboard?' });
    expect(
      within(dialog).getByText(
        'The connection request from Ada Lovelace will be removed from your dashboard.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No pending requests', {})).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/connections/s1/dismiss')).toHaveLength(1);
    expect(calls.filter((c) => c.path === '/api/tracking').map((c) => c.body)).toEqual([
      { type: 'DISMISS_CARD', targetId: 'c1', tab: 'dashboard' },
    ]);
  });

  it('accepts with the banner, and the new connection shows with its contact details', async () => {
    const { current } = dashboardApi(
      { buckets: buildBuckets({ received: [buildRequest({ seen: true })] }) },
      {
        'POST /api/connections/s1/accept': () => {
          current.buckets = buildBuckets({ unrated: [buildConnection()] });
          return { body: { request: buildConnection() } };
        },
      },
    );
    renderApp('/dashboard', { user: expert });
    fireEvent.click(within(await receivedCard('Ada Lovelace')).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('You have accepted a connection request')).toBeTruthy();
    expect(await screen.findByText('No pending requests')).toBeTruthy();
    const connections = screen.getByRole('list', { name: 'Your Connections' });
    const ada = within(connections).getByRole('article', { name: 'Ada Lovelace' });
    expect(within(ada).getByRole('link', { name: 'ada@engines.example' }).getAttribute('href')).toBe(
      'mailto:ada@engines.example',
    );
    // The review is asked for.
    expect(screen.getByRole('heading', { name: 'Did you meet with your new connections?' })).toBeTruthy();
    // The banner can be closed.
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('You have accepted a connection request')).toBeNull());
  });

  it('keeps Marked as not interested on screen for 500 ms even when the list is read again meanwhile', async () => {
    const { current } = dashboardApi(
      { buckets: buildBuckets({ received: [buildRequest({ seen: true })] }) },
      {
        'POST /api/connections/s1/deny': () => {
          current.buckets = buildBuckets();
          return { body: { request: buildRequest({ notInterested: true, seen: true }) } };
        },
      },
    );
    const { queryClient } = renderApp('/dashboard', { user: expert });
    fireEvent.click(within(await receivedCard('Ada Lovelace')).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline connection request?' });

    // The card's 500 ms removal is held back here, so nothing depends on how fast this machine runs.
    const removals: Array<() => void> = [];
    const realSetTimeout = globalThis.setTimeout;
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
      handler: () => void,
      ms?: number,
      ...rest: unknown[]
    ) => {
      if (ms === connectionTimings.listRemovalMs) {
        removals.push(handler);
        return 0;
      }
      return realSetTimeout(handler, ms, ...rest);
    }) as typeof setTimeout);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await within(await receivedCard('Ada Lovelace')).findByRole('button', {
      name: 'Marked as not interested',
    });
    await waitFor(() => expect(removals).toHaveLength(1));

    // The live update of the decline reads the list again: the request is no longer in it.
    await act(() => queryClient.refetchQueries({ queryKey: ['connections'] }));
    expect(queryClient.getQueryData<{ received: unknown[] }>(['connections'])?.received).toEqual([]);
    const card = await receivedCard('Ada Lovelace');
    expect(within(card).getByRole('button', { name: 'Marked as not interested' })).toBeTruthy();
    expect(card.className).toContain('ig-card-leaving');

    // Then the 500 ms are over and the card leaves.
    act(() => removals[0]!());
    expect(await screen.findByText('No pending requests')).toBeTruthy();
  }, 20_000);

  it('names a long-named member in full in the dialog and to screen readers, shortened on the card', async () => {
    const name = 'Bartholomew Alexander Montgomery-Smythe';
    dashboardApi({
      buckets: buildBuckets({
        received: [buildRequest({ seen: true, counterpart: buildCard({ id: 'c1', name }) })],
      }),
    });
    renderApp('/dashboard', { user: expert });
    const card = await receivedCard(name);
    const heading = within(card).getByRole('heading', { level: 3, name });
    expect(heading.getAttribute('title')).toBe(name);
    const shown = heading.querySelector('[aria-hidden="true"]');
    expect(shown?.textContent).toBe(`${name.slice(0, 30)}...`);
    expect(within(card).getByRole('button', { name: 'Decline' }).getAttribute('aria-describedby')).toBe(
      heading.id,
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline connection request?' });
    expect(within(dialog).getByText(connectionRequestTexts.declineBody(name))).toBeTruthy();
  });

  it('labels the member’s own message on a sent request as theirs', async () => {
    const sent = buildRequest({ direction: 'sent', requestedBy: 'expert', seen: true });
    dashboardApi({ buckets: buildBuckets({ sent: [sent] }) });
    renderApp('/dashboard', { user: expert });
    const list = await screen.findByRole('list', { name: 'Sent Requests' });
    const card = within(list).getByRole('article', { name: 'Ada Lovelace' });
    expect(within(card).getByText(connectionRequestTexts.yourMessage)).toBeTruthy();
    expect(within(card).queryByText(connectionRequestTexts.requestMessage)).toBeNull();
    expect(within(card).getByText(/^Hello there\./).textContent).toBe(sent.message);
  });
});
