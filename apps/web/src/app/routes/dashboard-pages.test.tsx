import { newChangesPopupReleasedAt, newChangesPopupStorageKey, newChangesPopupTexts } from '@intergen/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildBuckets,
  buildCompanyView,
  buildConnection,
  buildExpertView,
  buildOwnExpert,
  buildRequest,
  buildSuggestion,
  dashboardApi,
} from '../../test/fixtures';
import { buildUser, configAnswer, errorAnswer, renderApp } from '../../test/render';
import { setViewportWidth } from '../../test/viewport';

const expert = buildUser();

afterEach(() => {
  window.localStorage.clear();
});

describe('a profile opened over the dashboard', () => {
  it('answers the member’s request from the side card, then shows their contact details', async () => {
    let connected = false;
    const { calls, current } = dashboardApi(
      { buckets: buildBuckets({ received: [buildRequest({ seen: true })] }) },
      {
        'GET /api/profiles/c1': () => ({
          body: {
            profile: buildCompanyView({
              contact: connected
                ? { email: 'ada@engines.example', phone: null, linkedin: null, jobTitle: 'Founder' }
                : null,
            }),
          },
        }),
        'POST /api/connections/s1/accept': () => {
          connected = true;
          current.buckets = buildBuckets({ unrated: [buildConnection()] });
          return { body: { request: buildConnection() } };
        },
      },
    );
    renderApp('/dashboard/c1', { user: expert });
    const dialog = await screen.findByRole('dialog', { name: 'Ada Lovelace' });
    expect(
      await within(dialog).findByText("You can view their contact info once you're connected."),
    ).toBeTruthy();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Accept' }));
    expect(await within(dialog).findByText('Connected')).toBeTruthy();
    expect(await within(dialog).findByRole('link', { name: 'ada@engines.example' })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/connections/s1/accept')).toHaveLength(1);
    expect(await screen.findByText('You have accepted a connection request')).toBeTruthy();
  });

  it('offers Connect for a suggested member and Request Sent once sent', async () => {
    const sent = buildRequest({ direction: 'sent', requestedBy: 'expert' });
    const { current } = dashboardApi(
      { suggestions: [buildSuggestion()] },
      {
        'GET /api/profiles/c1': () => ({ body: { profile: buildCompanyView() } }),
        'POST /api/connections': () => {
          current.suggestions = [];
          current.buckets = buildBuckets({ sent: [sent] });
          return { status: 201, body: { request: sent } };
        },
      },
    );
    renderApp('/dashboard/c1', { user: expert });
    const profile = await screen.findByRole('dialog', { name: 'Ada Lovelace' });
    fireEvent.click(await within(profile).findByRole('button', { name: 'Connect' }));
    const connect = await screen.findByRole('dialog', { name: 'Connect with Ada Lovelace?' });
    fireEvent.click(within(connect).getByRole('button', { name: 'Send' }));
    expect(await within(profile).findByRole('button', { name: 'Request Sent' })).toBeTruthy();
    expect(within(profile).getByRole('button', { name: 'Cancel request' })).toBeTruthy();
  });

  it('keeps the dashboard mounted underneath and returns to it on close', async () => {
    dashboardApi(
      { suggestions: [buildSuggestion()] },
      { 'GET /api/profiles/c1': () => ({ body: { profile: buildCompanyView() } }) },
    );
    const { router } = renderApp('/dashboard', { user: expert });
    const list = await screen.findByRole('list', { name: 'Recommended Ventures' });
    fireEvent.click(within(list).getByRole('link', { name: 'View Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ada Lovelace' });
    // The same list element: the dashboard was not rebuilt.
    expect(screen.getByRole('list', { name: 'Recommended Ventures' })).toBe(list);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('the version-change popup', () => {
  const before = newChangesPopupReleasedAt - 86_400_000;

  it('shows once to a member published before this version, and is remembered in this browser', async () => {
    dashboardApi(
      {},
      {
        'GET /api/profiles/u1': () => ({
          body: { profile: buildExpertView({ id: 'u1', isOwn: true, publishDate: before }) },
        }),
      },
    );
    const { unmount } = renderApp('/dashboard', { user: expert });
    const popup = await screen.findByRole('dialog', { name: newChangesPopupTexts.title });
    expect(within(popup).getByText(newChangesPopupTexts.items[0])).toBeTruthy();
    fireEvent.click(within(popup).getByRole('button', { name: newChangesPopupTexts.button }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(Number(window.localStorage.getItem(newChangesPopupStorageKey))).toBeGreaterThanOrEqual(
      newChangesPopupReleasedAt,
    );
    unmount();

    renderApp('/dashboard', { user: expert });
    await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
    await screen.findByText('No pending requests');
    expect(screen.queryByRole('dialog', { name: newChangesPopupTexts.title })).toBeNull();
  });

  it('shows the words of the settings, and again after a later release to a browser that saw an earlier one', async () => {
    const release = Date.now() - 60_000;
    window.localStorage.setItem(newChangesPopupStorageKey, String(release - 86_400_000));
    dashboardApi(
      {},
      {
        'GET /api/config': () => ({
          body: {
            ...configAnswer.body,
            newChangesPopup: {
              releasedAt: release,
              title: 'News of March',
              intro: 'Two things:',
              items: ['An audit log'],
            },
          },
        }),
        'GET /api/profiles/u1': () => ({
          body: {
            profile: buildExpertView({ id: 'u1', isOwn: true, publishDate: release - 30 * 86_400_000 }),
          },
        }),
      },
    );
    renderApp('/dashboard', { user: expert });
    const popup = await screen.findByRole('dialog', { name: 'News of March' });
    expect(within(popup).getByText('Two things:')).toBeTruthy();
    expect(within(popup).getByText('An audit log')).toBeTruthy();
    fireEvent.click(within(popup).getByRole('button', { name: newChangesPopupTexts.button }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(Number(window.localStorage.getItem(newChangesPopupStorageKey))).toBeGreaterThanOrEqual(release);
  });

  it('does not show to a member published since', async () => {
    dashboardApi(
      {},
      {
        'GET /api/profiles/u1': () => ({
          body: {
            profile: buildExpertView({
              id: 'u1',
              isOwn: true,
              publishDate: newChangesPopupReleasedAt + 60_000,
            }),
          },
        }),
      },
    );
    renderApp('/dashboard', { user: expert });
    await screen.findByText('No pending requests');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog', { name: newChangesPopupTexts.title })).toBeNull();
    expect(window.localStorage.getItem(newChangesPopupStorageKey)).toBeNull();
  });
  it('waits while a company’s annual confirmation is due: the two popups never stack', async () => {
    const company = buildUser({ id: 'c9', kind: 'company', firstName: 'Charles', name: 'Charles Babbage' });
    const { calls } = dashboardApi(
      {},
      {
        'GET /api/profiles/c9': () => ({
          body: {
            profile: buildCompanyView({
              id: 'c9',
              name: 'Charles Babbage',
              isOwn: true,
              publishDate: before,
            }),
          },
        }),
        'GET /api/profiles/me': () => ({
          body: { profile: { ...buildOwnExpert({ publishDate: before }), needsAnnualConfirmation: true } },
        }),
      },
    );
    renderApp('/dashboard', { user: company });
    await screen.findByText('No pending requests');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/profiles/c9')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog', { name: newChangesPopupTexts.title })).toBeNull();
  });
});

describe('the dashboard carousels', () => {
  /** How many cards the row shows side by side (its style; card-carousel.css sizes the cards by it). */
  function slideSize(): string | undefined {
    const row = screen.getByRole('list', { name: 'Recommended Ventures' }) as HTMLElement;
    return row.style.getPropertyValue('--ig-carousel-slides') || undefined;
  }

  it('shows 1, 2, 3 or 4 cards side by side by width, with labelled buttons when there are more', async () => {
    const suggestions = [1, 2, 3, 4, 5].map((n) =>
      buildSuggestion({
        id: `s${n}`,
        counterpart: { ...buildSuggestion().counterpart, id: `c${n}`, name: `Member ${n}` },
      }),
    );
    dashboardApi({ suggestions });
    setViewportWidth(375);
    const { unmount } = renderApp('/dashboard', { user: expert });
    await screen.findByRole('list', { name: 'Recommended Ventures' });
    await waitFor(() => expect(slideSize()).toBe('1'));
    expect(screen.getByRole('button', { name: 'Next: Recommended Ventures' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous: Recommended Ventures' })).toBeTruthy();
    unmount();

    for (const [width, size] of [
      [700, '2'],
      [1000, '3'],
      [1300, '4'],
    ] as const) {
      setViewportWidth(width);
      const view = renderApp('/dashboard', { user: expert });
      await screen.findByRole('list', { name: 'Recommended Ventures' });
      await waitFor(() => expect(slideSize()).toBe(size));
      view.unmount();
    }
  });
});

describe('the dashboard while its lists load', () => {
  it('shows the sections together once both lists are in, and a failed list’s error in its own section, asked again once', async () => {
    const { calls } = dashboardApi(
      { buckets: buildBuckets({ received: [buildRequest()] }) },
      {
        // A 4xx is not retried: the first answer, then the section's own ask when it mounts.
        'GET /api/suggestions': () => errorAnswer(409, 'CONFLICT', 'Something went wrong'),
      },
    );
    renderApp('/dashboard', { user: expert });
    expect(await screen.findByText(/^Your recommendations could not be loaded\./)).toBeTruthy();
    // The other list is shown beside the error.
    expect(screen.getByRole('list', { name: 'Connection Requests' })).toBeTruthy();
    // The section asks once more when it mounts over the failed list; it must not mount and unmount without end.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(calls.filter((c) => c.path === '/api/suggestions').length).toBeLessThanOrEqual(2);
    expect(screen.getByText(/^Your recommendations could not be loaded\./)).toBeTruthy();
  });
});
