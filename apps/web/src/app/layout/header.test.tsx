import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildDraftProfile, completeExpertData } from '../../test/fixtures';
import { buildUser, configAnswer, installFakeApi, renderApp } from '../../test/render';
import { setViewportWidth } from '../../test/viewport';

/** The page header (a profile preview on the page has a header of its own). */
function header() {
  return within(screen.getAllByRole('banner')[0]!);
}

async function renderDashboard(user = buildUser(), communityTab = true) {
  installFakeApi({ 'GET /api/config': () => ({ body: { ...configAnswer.body, communityTab } }) });
  renderApp('/dashboard', { user });
  await screen.findByRole('heading', { level: 1 });
}

describe('the header', () => {
  it('shows a first name longer than 13 characters as its first 10 plus an ellipsis', async () => {
    await renderDashboard(buildUser({ firstName: 'Bartholomewsky' }));
    // The signed-in navigation loads with import() after the header.
    expect(await header().findByRole('button', { name: 'Bartholome...' })).toBeTruthy();
  });

  it('shows a first name of 13 characters in full', async () => {
    await renderDashboard(buildUser({ firstName: 'Christopherus' }));
    expect(await header().findByRole('button', { name: 'Christopherus' })).toBeTruthy();
  });

  it('links Dashboard, My Network and Profile, and offers Help, on wide screens', async () => {
    await renderDashboard();
    await waitFor(() => expect(header().getByRole('link', { name: 'My Network' })).toBeTruthy());
    expect(header().getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(header().getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/profile/public');
    expect(header().getByRole('button', { name: 'Help' })).toBeTruthy();
    expect(header().queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('waits for the settings with the page, so that My Network does not appear under the pointer', async () => {
    const { fetchMock } = installFakeApi({ 'GET /api/config': () => configAnswer });
    let release = () => {};
    const settings = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = false;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/api/config')) {
        asked = true;
        await settings;
      }
      return fetchMock(input, init);
    });
    renderApp('/dashboard', { user: buildUser() });
    await waitFor(() => expect(asked).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();

    release();
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(header().getByRole('link', { name: 'Profile' })).toBeTruthy());
    expect(header().getByRole('link', { name: 'My Network' })).toBeTruthy();
  });

  it('shows a member’s page with the default links when the settings cannot be read', async () => {
    // A 4xx is not retried: the layout's ask, then the parts that read the settings ask once more when they mount.
    const { calls } = installFakeApi({
      'GET /api/config': () => ({ status: 409, body: { error: { code: 'CONFLICT', message: 'Try later' } } }),
    });
    renderApp('/dashboard', { user: buildUser() });
    await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
    await waitFor(() => expect(header().getByRole('link', { name: 'Profile' })).toBeTruthy());
    expect(header().queryByRole('link', { name: 'My Network' })).toBeNull();
    // The page stays: it must not go back to the loader and come again without end.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(calls.filter((c) => c.path === '/api/config').length).toBeLessThanOrEqual(3);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeTruthy();
  });

  it('hides My Network when the community tab is off', async () => {
    await renderDashboard(buildUser(), false);
    await waitFor(() => expect(header().getByRole('link', { name: 'Profile' })).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(header().queryByRole('link', { name: 'My Network' })).toBeNull();
  });

  it('sends Profile to the editor while the profile is incomplete, and gives admins an Admin link', async () => {
    const user = buildUser({
      isAdmin: true,
      profile: {
        status: 'pending',
        profileComplete: false,
        onboardingComplete: true,
        firstIncompleteStep: null,
      },
    });
    await renderDashboard(user);
    expect(header().getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/profile/edit');
    expect(header().getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin/mailbox');
  });

  it('shows only the logo to a person without header access', async () => {
    const unverified = buildUser({ emailVerified: false });
    const profile = buildDraftProfile('expert', completeExpertData, { onboardingComplete: true });
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/profiles/me': () => ({ body: { profile } }),
    });
    // The dashboard is not theirs yet: they land on the review step, where the e-mail code is entered.
    renderApp('/dashboard', { user: unverified });
    await screen.findByRole('heading', { level: 1, name: 'Profile Review' });

    expect(
      header()
        .getAllByRole('link')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['InterGen home']);
    expect(header().queryAllByRole('button')).toEqual([]);
  });

  it('shows only the logo when signed out', async () => {
    installFakeApi({ 'GET /api/config': () => configAnswer });
    renderApp('/');
    await screen.findByRole('button', { name: 'Log in' });

    expect(header().getAllByRole('link')).toHaveLength(1);
    expect(header().queryAllByRole('button')).toEqual([]);
  });

  it('has the notification bell with the unseen count, on wide and narrow screens', async () => {
    const answer = {
      body: {
        notifications: [
          {
            id: 'n1',
            kind: 'profile_approved',
            hasSeen: false,
            hasDismissed: false,
            hasExplored: false,
            createdAt: Date.now(),
            counterpart: null,
            suggestionId: null,
            requestId: null,
          },
        ],
        unseen: 1,
      },
    };
    for (const width of [1024, 360]) {
      setViewportWidth(width);
      installFakeApi({ 'GET /api/config': () => configAnswer, 'GET /api/notifications': () => answer });
      const view = renderApp('/dashboard', { user: buildUser() });
      await screen.findByRole('heading', { level: 1 });
      expect(await header().findByRole('button', { name: 'Notifications (1 unseen)' })).toBeTruthy();
      view.unmount();
    }
  });

  it('has no notification bell for an admin without a member profile', async () => {
    installFakeApi({ 'GET /api/config': () => configAnswer });
    renderApp('/admin/mailbox', { user: buildUser({ isAdmin: true, kind: null }) });
    await waitFor(() => expect(header().getByRole('link', { name: 'Admin' })).toBeTruthy());
    expect(header().queryByRole('button', { name: /^Notifications/ })).toBeNull();
  });

  it('puts everything in one menu at 640 px or less', async () => {
    setViewportWidth(360);
    await renderDashboard();

    expect(header().queryByRole('link', { name: 'Dashboard' })).toBeNull();
    fireEvent.click(header().getByRole('button', { name: 'Menu' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['Dashboard', 'My Network', 'Profile', 'Help', 'Settings', 'Logout']);
  });

  it('opens the name menu on its first click, though its code loads only then', async () => {
    await renderDashboard(buildUser({ firstName: 'Ada' }));
    const button = await header().findByRole('button', { name: 'Ada' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(button);
    const menu = await screen.findByRole('menu');
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['Settings', 'Logout']);
  });

  it('keeps the keyboard on the name button: Enter opens its menu, Escape closes it and gives the focus back', async () => {
    await renderDashboard(buildUser({ firstName: 'Ada' }));
    const standIn = await header().findByRole('button', { name: 'Ada' });
    standIn.focus();
    // A keyboard's Enter on a button is a click with no pointer (detail 0).
    fireEvent.click(standIn, { detail: 0 });
    const menu = await screen.findByRole('menu');
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(header().getByRole('button', { name: 'Ada' })));
  });
});
