import type { AdminProfileRow, OwnProfile } from '@intergen/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildOwnExpert } from '../../../test/fixtures';
import { buildUser, configAnswer, installFakeApi, renderApp } from '../../../test/render';

const admin = buildUser({ id: 'a1', kind: null, isAdmin: true, profile: null, firstName: 'Admin' });

function row(overrides: Partial<AdminProfileRow> = {}): AdminProfileRow {
  return {
    id: 'e1',
    kind: 'expert',
    name: 'Grace Hopper',
    email: 'grace@example.com',
    status: 'pending',
    completion: 100,
    isVerified: false,
    emailVerified: true,
    updatedAt: 1_700_000_000_000,
    ...overrides,
  };
}

/** What the admin actions answer: Grace Hopper's own profile, under the id of her row. */
const own = (overrides: Partial<OwnProfile> = {}) => buildOwnExpert({ id: 'e1', ...overrides });

describe('the admin profiles page', () => {
  it('approves a business advisor awaiting approval and reads the lists again', async () => {
    let approved = false;
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/profiles': (_body, url) => {
        const pending = url.searchParams.get('status') === 'pending';
        if (pending) return { body: { profiles: approved ? [] : [row()] } };
        return { body: { profiles: [row({ status: approved ? 'published' : 'pending' })] } };
      },
      'POST /api/admin/profiles/e1/approve': () => {
        approved = true;
        return { body: { profile: own() } };
      },
    });
    renderApp('/admin/profiles', { user: admin });
    const awaiting = await screen.findByRole('table', { name: 'Awaiting approval' });
    expect(within(awaiting).getByText('grace@example.com')).toBeTruthy();
    fireEvent.click(within(awaiting).getByRole('button', { name: 'Approve Grace Hopper' }));

    expect(await screen.findByText('No business advisor is waiting for approval.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/admin/profiles/e1/approve')).toHaveLength(1);
    const all = screen.getByRole('table', { name: 'All profiles' });
    await waitFor(() => expect(within(all).getByText('Published')).toBeTruthy());
  });

  it('verifies an expert and shows the server’s refusal', async () => {
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/profiles': () => ({ body: { profiles: [row()] } }),
      'POST /api/admin/profiles/e1/verify': () => ({
        status: 400,
        body: { error: { code: 'VALIDATION_FAILED', message: 'Only business advisors can do this.' } },
      }),
    });
    renderApp('/admin/profiles', { user: admin });
    const awaiting = await screen.findByRole('table', { name: 'Awaiting approval' });
    fireEvent.click(within(awaiting).getByRole('button', { name: 'Verify Grace Hopper' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Grace Hopper: Only business advisors can do this.',
    );
  });

  it('filters all profiles by type and status', async () => {
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/profiles': () => ({ body: { profiles: [] } }),
    });
    renderApp('/admin/profiles?kind=company&status=published', { user: admin });
    await screen.findAllByText('No profile matches these filters.');
    const lists = calls.filter((c) => c.path === '/api/admin/profiles').map((c) => c.query.toString());
    expect(lists).toContain('kind=company&status=published');
    expect(lists).toContain('kind=expert&status=pending');
  });

  it('deactivates with a reason', async () => {
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/profiles/e1': () => ({ body: { profile: own() } }),
      'POST /api/admin/profiles/e1/deactivate': () => ({
        body: { profile: own({ status: 'inactive', profilePublished: false, deactivatedDate: 1 }) },
      }),
    });
    renderApp('/admin/profiles/e1', { user: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeTruthy();
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

  it('is not for members', async () => {
    installFakeApi({ 'GET /api/config': () => configAnswer });
    const { router } = renderApp('/admin/profiles', { user: buildUser() });
    await screen.findByRole('heading', { level: 1 });
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
