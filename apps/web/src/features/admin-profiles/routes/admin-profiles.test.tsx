import type { OwnProfile } from '@intergen/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildOwnExpert } from '../../../test/fixtures';
import { buildUser, configAnswer, installFakeApi, renderApp } from '../../../test/render';

const admin = buildUser({ id: 'a1', kind: null, isAdmin: true, profile: null, firstName: 'Admin' });

/** What the admin actions answer: Grace Hopper's own profile, under the id of her row. */
const own = (overrides: Partial<OwnProfile> = {}) => buildOwnExpert({ id: 'e1', ...overrides });

describe('the admin profile page', () => {
  it('deactivates with a reason', async () => {
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/profiles/e1': () => ({ body: { profile: own() } }),
      'POST /api/admin/profiles/e1/deactivate': () => ({
        body: { profile: own({ status: 'inactive', profilePublished: false, deactivatedDate: 1 }) },
      }),
    });
    // The page's old address (the Profiles page became the Members console) leads to it.
    const { router } = renderApp('/admin/profiles/e1', { user: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/members/e1');
    // The profile page's own component shows the profile under the status panel.
    expect(screen.getByRole('heading', { name: 'Experience' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Grace Hopper' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await within(dialog).findByText('Please give a reason.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Spam' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.path === '/api/admin/profiles/e1/deactivate')?.body).toEqual({
      reason: 'Spam',
    });
    expect(await screen.findByRole('button', { name: 'Activate Grace Hopper' })).toBeTruthy();
  });

  it('offers Activate for an inactive profile that is not complete: the member is never stranded', async () => {
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/profiles/e1': () => ({
        body: {
          profile: own({
            status: 'inactive',
            profilePublished: false,
            deactivatedDate: 1,
            profileComplete: false,
          }),
        },
      }),
    });
    renderApp('/admin/members/e1', { user: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete member' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Activate Grace Hopper' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Deactivate Grace Hopper' })).toBeNull();
  });

  it('approves an unpublished expert again', async () => {
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/profiles/e1': () => ({
        body: { profile: own({ status: 'disabled', profilePublished: false, disableReason: 'Off' }) },
      }),
      'POST /api/admin/profiles/e1/approve': () => ({ body: { profile: own() } }),
    });
    renderApp('/admin/members/e1', { user: admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Grace Hopper' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/admin/profiles/e1/approve')).toBe(true));
    expect(await screen.findByRole('button', { name: 'Unpublish Grace Hopper' })).toBeTruthy();
  });

  it('is not for members', async () => {
    installFakeApi({ 'GET /api/config': () => configAnswer });
    const { router } = renderApp('/admin/members/e1', { user: buildUser() });
    await screen.findByRole('heading', { level: 1 });
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
