import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildBuckets, buildRequest, buildSuggestion, dashboardApi } from '../../../test/fixtures';
import { buildUser, renderApp } from '../../../test/render';

const expert = buildUser();

/** A recommended card (the same member may also be listed under Sent Requests). */
function card(name: string) {
  return within(screen.getByRole('list', { name: 'Recommended Ventures' })).getByRole('article', { name });
}

async function openConnect() {
  const ada = await screen.findByRole('article', { name: 'Ada Lovelace' });
  fireEvent.click(within(ada).getByRole('button', { name: 'Connect' }));
  return screen.findByRole('dialog', { name: 'Connect with Ada Lovelace?' });
}

/**
 * The dashboard with one suggestion, whose connection request is sent (answered with a request of `message`)
 * only once `release` is called: what the dialog and the card show while it is on its way.
 */
function heldSend(message: string) {
  let answer: (value: unknown) => void = () => {};
  const held = new Promise((resolve) => {
    answer = resolve;
  });
  const sent = buildRequest({ direction: 'sent', requestedBy: 'expert', message });
  const api = dashboardApi(
    { suggestions: [buildSuggestion()] },
    { 'POST /api/connections': () => ({ status: 201, body: { request: sent } }) },
  );
  const respond = api.fetchMock.getMockImplementation()!;
  api.fetchMock.mockImplementation(async (input, init) => {
    if (String(input) === '/api/connections' && init?.method === 'POST') await held;
    return respond(input, init);
  });
  return { ...api, sent, release: () => answer(undefined) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the connect dialog', () => {
  it('counts the optional message live and stops at 250 characters', async () => {
    dashboardApi({ suggestions: [buildSuggestion()] });
    renderApp('/dashboard', { user: expert });
    const dialog = await openConnect();
    const box = within(dialog).getByRole('textbox', { name: 'Message (optional)' });
    expect(within(dialog).getByText('0/250 characters')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'Hello\nthere' } });
    expect(within(dialog).getByText('11/250 characters')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'x'.repeat(300) } });
    expect((box as HTMLTextAreaElement).value).toHaveLength(250);
    expect(within(dialog).getByText('250/250 characters')).toBeTruthy();
    // The counter is part of the box's description.
    const described = (box.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    expect(described).toContain('250/250 characters');
  });

  it('disables Send from the click until the answer, then the card reads Request Sent with a banner', async () => {
    const { calls, current, sent, release } = heldSend('Hello\nthere');
    renderApp('/dashboard', { user: expert });
    const dialog = await openConnect();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Message (optional)' }), {
      target: { value: 'Hello\nthere' },
    });
    const send = within(dialog).getByRole('button', { name: 'Send' });
    fireEvent.click(send);
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(true));
    // A second click while sending sends nothing more.
    fireEvent.click(send);

    // The server now hides the requested suggestion; the card stays as Request Sent meanwhile.
    current.suggestions = [];
    current.buckets = buildBuckets({ sent: [sent] });
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card('Ada Lovelace')).getByRole('button', { name: 'Request Sent' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(card('Ada Lovelace')).getByRole('button', { name: 'Cancel request' })).toBeTruthy();
    expect(
      screen.getByText(
        'Your connection request to Ada Lovelace has been sent. We will let you know when they answer.',
      ),
    ).toBeTruthy();
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/api/connections');
    expect(posts.map((c) => c.body)).toEqual([{ suggestionId: 's1', message: 'Hello\nthere' }]);
    // The sent request is listed with its undo.
    const sentList = screen.getByRole('list', { name: 'Sent Requests' });
    expect(within(sentList).getByRole('article', { name: 'Ada Lovelace' })).toBeTruthy();
  });

  it('opens Something went wrong! with the reason, Dismiss and a prefilled mail to support', async () => {
    dashboardApi(
      { suggestions: [buildSuggestion()] },
      {
        'POST /api/connections': () => ({
          status: 400,
          body: {
            error: {
              code: 'NO_SUGGESTION',
              message: 'Cannot send a connection request to a company unless there is a match suggestion!',
            },
          },
        }),
      },
    );
    renderApp('/dashboard', { user: expert });
    const dialog = await openConnect();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    const failure = await screen.findByRole('dialog', { name: 'Something went wrong!' });
    expect(screen.queryByRole('dialog', { name: 'Connect with Ada Lovelace?' })).toBeNull();
    expect(
      within(failure).getByText(
        'Error: Cannot send a connection request to a company unless there is a match suggestion!',
      ),
    ).toBeTruthy();
    const contact = within(failure).getByRole('link', { name: 'Contact our team' });
    const href = contact.getAttribute('href') ?? '';
    expect(href.startsWith('mailto:support@intergen.local?')).toBe(true);
    const params = new URLSearchParams(href.slice(href.indexOf('?') + 1));
    expect(params.get('subject')).toBe('Connection request to Ada Lovelace failed');
    expect(params.get('body')).toContain('Ada Lovelace');
    expect(params.get('body')).toContain('unless there is a match suggestion!');
    // The card can still connect later.
    fireEvent.click(within(failure).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card('Ada Lovelace')).getByRole('button', { name: 'Connect' })).toBeTruthy();
  });

  it('gives up after 10 000 ms without an answer and says so', async () => {
    const { fetchMock } = dashboardApi({ suggestions: [buildSuggestion()] });
    const respond = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) => {
      if (String(input) === '/api/connections' && init?.method === 'POST') {
        // Never answers; only the abort ends it.
        return new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        });
      }
      return respond(input, init);
    });
    renderApp('/dashboard', { user: expert });
    const dialog = await openConnect();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await vi.advanceTimersByTimeAsync(9_900);
    expect(screen.queryByRole('dialog', { name: 'Something went wrong!' })).toBeNull();
    await vi.advanceTimersByTimeAsync(200);
    const failure = await screen.findByRole('dialog', { name: 'Something went wrong!' });
    expect(within(failure).getByText('Error: The request took too long to answer.')).toBeTruthy();
  });

  it('shows Request Sent even when a live update read the list again before the answer came', async () => {
    const { current, sent, release } = heldSend('');
    const { queryClient } = renderApp('/dashboard', { user: expert });
    const dialog = await openConnect();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    // The server has stored the request and no longer lists the suggestion; its live update is read first.
    current.suggestions = [];
    current.buckets = buildBuckets({ sent: [sent] });
    await act(() => queryClient.refetchQueries({ queryKey: ['suggestions'] }));
    release();
    await waitFor(() =>
      expect(within(card('Ada Lovelace')).getByRole('button', { name: 'Request Sent' })).toHaveProperty(
        'disabled',
        true,
      ),
    );
  });

  it('holds a card marked as requested even when the list changes again before it is drawn', async () => {
    const suggestion = buildSuggestion();
    dashboardApi({ suggestions: [suggestion] });
    const { queryClient } = renderApp('/dashboard', { user: expert });
    await screen.findByRole('article', { name: 'Ada Lovelace' });
    // Two versions written in one go: React draws only the last, without the card.
    act(() => {
      queryClient.setQueryData(['suggestions'], [{ ...suggestion, requestSent: true }]);
      queryClient.setQueryData(['suggestions'], []);
    });
    expect(within(card('Ada Lovelace')).getByRole('button', { name: 'Request Sent' })).toBeTruthy();
  });

  it('marks the request as sent after 5 seconds: the banner clears and the card leaves', async () => {
    const sent = buildRequest({ direction: 'sent', requestedBy: 'expert', message: '' });
    const { current } = dashboardApi(
      { suggestions: [buildSuggestion()] },
      {
        'POST /api/connections': () => {
          current.suggestions = [];
          current.buckets = buildBuckets({ sent: [sent] });
          return { status: 201, body: { request: sent } };
        },
      },
    );
    renderApp('/dashboard', { user: expert });
    const dialog = await openConnect();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(within(card('Ada Lovelace')).getByRole('button', { name: 'Request Sent' })));
    const banner = /^Your connection request to Ada Lovelace has been sent/;
    expect(screen.getByText(banner)).toBeTruthy();
    await vi.advanceTimersByTimeAsync(4_500);
    expect(screen.getByText(banner)).toBeTruthy();
    expect(within(card('Ada Lovelace')).getByRole('button', { name: 'Request Sent' })).toBeTruthy();
    await vi.advanceTimersByTimeAsync(600);
    await waitFor(() => expect(screen.queryByText(banner)).toBeNull());
    expect(await screen.findByText("That's all for now")).toBeTruthy();
  });

  it('takes a request back from the card with Cancel request', async () => {
    const sent = buildRequest({ direction: 'sent', requestedBy: 'expert' });
    const { calls, current } = dashboardApi(
      { suggestions: [buildSuggestion()] },
      {
        'POST /api/connections': () => ({ status: 201, body: { request: sent } }),
        'POST /api/connections/s1/cancel': () => {
          current.buckets = buildBuckets();
          return { body: { cancelled: true } };
        },
      },
    );
    renderApp('/dashboard', { user: expert });
    const dialog = await openConnect();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    const cancel = await within(card('Ada Lovelace')).findByRole('button', { name: 'Cancel request' });
    fireEvent.click(cancel);
    expect(await within(card('Ada Lovelace')).findByRole('button', { name: 'Connect' })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/connections/s1/cancel')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Sent Requests' })).toBeNull());
  });
});
