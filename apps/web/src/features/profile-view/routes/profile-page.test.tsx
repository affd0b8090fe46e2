import { accessTexts, profilePageTexts, profileTexts, wizardTexts } from '@intergen/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildCompanyView, buildExpertView } from '../../../test/fixtures';
import { buildUser, configAnswer, errorAnswer, installFakeApi, renderApp } from '../../../test/render';

const notFound = {
  status: 404,
  body: { error: { code: 'NOT_FOUND', message: profileTexts.profileNotFound } },
};

describe('the profile routes', () => {
  it('/view/:id shows another member, without their contact details', async () => {
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/profiles/p2': () => ({ body: { profile: buildExpertView() } }),
    });
    renderApp('/view/p2', { user: buildUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeTruthy();
    expect(screen.getByText(profilePageTexts.contactHidden)).toBeTruthy();
    expect(screen.queryByRole('link', { name: wizardTexts.edit })).toBeNull();
  });

  it('/profile?id= shows the same page', async () => {
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/profiles/c1': () => ({ body: { profile: buildCompanyView() } }),
    });
    renderApp('/profile?id=c1', { user: buildUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/profiles/c1')).toBe(true);
  });

  it('an unknown id shows the not-found state', async () => {
    installFakeApi({ 'GET /api/config': () => configAnswer, 'GET /api/profiles/nope': () => notFound });
    renderApp('/view/nope', { user: buildUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile not found' })).toBeTruthy();
    expect(screen.getByText(profileTexts.profileNotFound)).toBeTruthy();
  });

  it('tells a member who may not see other members yet what to do, with a button to their wizard', async () => {
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/profiles/p2': () => errorAnswer(403, 'MEMBERS_LOCKED', accessTexts.membersLocked),
    });
    const newcomer = buildUser({
      emailVerified: false,
      profile: {
        status: 'incomplete',
        profileComplete: false,
        onboardingComplete: false,
        firstIncompleteStep: '/profile/seeking',
      },
    });
    renderApp('/view/p2', { user: newcomer });
    expect(await screen.findByText(accessTexts.membersLocked)).toBeTruthy();
    const finish = screen.getByRole('link', { name: accessTexts.finishProfile });
    expect(finish.getAttribute('href')).toBe('/profile/seeking');
  });

  it('no id or the own id shows the own profile with Edit', async () => {
    const own = buildExpertView({ id: 'u1', name: 'Ada Lovelace', isOwn: true });
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/profiles/u1': () => ({ body: { profile: own } }),
    });
    renderApp('/profile', { user: buildUser() });
    const edit = await screen.findByRole('link', { name: wizardTexts.edit });
    expect(edit.getAttribute('href')).toBe('/profile/edit');
  });

  it('/profile/public sends an incomplete profile to /profile/edit', async () => {
    installFakeApi({ 'GET /api/config': () => configAnswer });
    const user = buildUser({
      profile: {
        status: 'incomplete',
        profileComplete: false,
        onboardingComplete: true,
        firstIncompleteStep: null,
      },
    });
    const { router } = renderApp('/profile/public', { user });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/edit'));
  });

  it('a profile opens over the dashboard and closes back to it', async () => {
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/profiles/p2': () => ({ body: { profile: buildExpertView() } }),
    });
    const { router } = renderApp('/dashboard/p2', { user: buildUser() });
    const dialog = await screen.findByRole('dialog', { name: 'Grace Hopper' });
    expect(dialog).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('a profile over My Network keeps its section when closed', async () => {
    installFakeApi({ 'GET /api/config': () => configAnswer, 'GET /api/profiles/zz': () => notFound });
    const { router } = renderApp('/my-network/zz?section=Requests', { user: buildUser() });
    expect(await screen.findByText(profileTexts.profileNotFound)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-network'));
    expect(router.state.location.search).toBe('?section=Requests');
  });
});
