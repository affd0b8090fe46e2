import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser, renderApp } from '../../../test/render';
import { buildBuckets, buildConnection, buildRequest, dashboardApi } from './test-fixtures';

const lazy = { timeout: 5000 };
const expert = buildUser();

async function receivedCard(name: string) {
  const list = await screen.findByRole('list', { name: 'Connection Requests' }, lazy);
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
      { 'POST /api/connections/s1/seen': () => ({ body: { request: { ...request, seen: true } } }) },
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
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/connections/s1/seen')).toHaveLength(1));
  });

  it('says No pending requests when there are none', async () => {
    dashboardApi({ buckets: buildBuckets() });
    renderApp('/dashboard', { user: expert });
    expect(await screen.findByText('No pending requests', {}, lazy)).toBeTruthy();
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
    expect(await screen.findByText('No pending requests', {}, { timeout: 3000 })).toBeTruthy();
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
});
