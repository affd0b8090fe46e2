import { accountTexts, commonTexts, pauseReasonLabels, profileTexts } from '@intergen/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { failingDialog, me } from '../../../test/account-actions';
import { buildOwnCompany, buildOwnProfile } from '../../../test/fixtures';
import {
  buildUser,
  configAnswer,
  installFakeApi,
  renderApp,
  renderWithProviders,
} from '../../../test/render';
import { AccountActions } from './account-actions';
import { resetSessionFlags } from './session-flags';

afterEach(resetSessionFlags);

function button(container: HTMLElement, name: string) {
  return within(container).getByRole('button', { name }) as HTMLButtonElement;
}

describe('Pause Account', () => {
  it('confirms only with a reason or some text, and sends them', async () => {
    const paused = buildOwnProfile({ status: 'paused', profilePublished: false, pausedDate: 1 });
    const { calls } = installFakeApi({
      ...me(),
      'POST /api/profiles/me/pause': () => ({ body: { profile: paused } }),
    });
    renderWithProviders(<AccountActions />, { user: buildUser() });
    fireEvent.click(await screen.findByRole('button', { name: accountTexts.pauseTitle }));
    const dialog = await screen.findByRole('dialog', { name: accountTexts.pauseTitle });
    expect(within(dialog).getByText(accountTexts.pauseBody)).toBeTruthy();

    const confirm = button(dialog, accountTexts.pauseTitle);
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: accountTexts.tellUsMore }), {
      target: { value: '   ' },
    });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: accountTexts.tellUsMore }), {
      target: { value: 'Busy season' },
    });
    expect(confirm.disabled).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: accountTexts.tellUsMore }), {
      target: { value: '' },
    });
    expect(confirm.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: pauseReasonLabels.noTime }));
    expect(confirm.disabled).toBe(false);

    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.path === '/api/profiles/me/pause')?.body).toEqual({ reason: 'noTime' });
    // The answered profile is paused: the control becomes Resume Account.
    expect(await screen.findByRole('button', { name: accountTexts.resumeTitle })).toBeTruthy();
  });

  it('shows Failed to pause account in a red banner', async () => {
    const failure = { status: 500, code: 'INTERNAL', message: profileTexts.pauseFailed };
    const dialog = await failingDialog('/api/profiles/me/pause', failure, accountTexts.pauseTitle);
    fireEvent.click(within(dialog).getByRole('radio', { name: pauseReasonLabels.other }));
    fireEvent.click(button(dialog, accountTexts.pauseTitle));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(profileTexts.pauseFailed);
  });

  it('is not offered to an unpublished profile that is not paused', async () => {
    installFakeApi(me(buildOwnProfile({ status: 'pending', profilePublished: false, profilePending: true })));
    renderWithProviders(<AccountActions />, { user: buildUser() });
    expect(await screen.findByRole('button', { name: accountTexts.disableTitle })).toBeTruthy();
    expect(screen.queryByRole('button', { name: accountTexts.pauseTitle })).toBeNull();
    expect(screen.queryByRole('button', { name: accountTexts.resumeTitle })).toBeNull();
  });
});

describe('Disable Account', () => {
  it('confirms only with a reason or text, then signs out to the login', async () => {
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      ...me(),
      'POST /api/profiles/me/disable': () => ({ body: { profile: buildOwnProfile({ status: 'disabled' }) } }),
      'GET /api/auth/session': () => ({ body: { user: null } }),
    });
    const { router, queryClient } = renderApp('/profile/edit', { user: buildUser() });
    fireEvent.click(await screen.findByRole('button', { name: accountTexts.disableTitle }));
    const dialog = await screen.findByRole('dialog', { name: accountTexts.disableTitle });
    expect(within(dialog).getByText(accountTexts.disableWarning)).toBeTruthy();
    const confirm = button(dialog, accountTexts.disableTitle);
    expect(confirm.disabled).toBe(true);

    const tooMany = within(dialog).getByRole('checkbox', { name: "I'm receiving too many emails" });
    fireEvent.click(tooMany);
    expect(confirm.disabled).toBe(false);
    fireEvent.click(tooMany);
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: accountTexts.tellUsMore }), {
      target: { value: 'Moving on' },
    });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Company no longer active/ in business' }));

    fireEvent.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.find((c) => c.path === '/api/profiles/me/disable')?.body).toEqual({
      reasons: ['companyInactive'],
      text: 'Moving on',
    });
    expect(queryClient.getQueryData(queryKeys.session)).toEqual({ user: null });
    expect(queryClient.getQueryData(['profiles', 'me'])).toBeUndefined();
  });

  it('shows Failed to delete account when the server fails', async () => {
    const failure = { status: 500, code: 'INTERNAL', message: profileTexts.deleteFailed };
    const dialog = await failingDialog('/api/profiles/me/disable', failure, accountTexts.disableTitle);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Other' }));
    fireEvent.click(button(dialog, accountTexts.disableTitle));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(profileTexts.deleteFailed);
  });
});

describe('Account Privacy', () => {
  it('offers Set to Private to a public expert and sends it', async () => {
    const { calls } = installFakeApi({
      ...me(),
      'POST /api/profiles/me/privacy': () => ({ body: { profile: buildOwnProfile({ private: true }) } }),
    });
    renderWithProviders(<AccountActions />, { user: buildUser() });
    fireEvent.click(await screen.findByRole('button', { name: accountTexts.privacyTitle }));
    const dialog = await screen.findByRole('dialog', { name: accountTexts.privacyTitle });
    expect(within(dialog).getByText(accountTexts.privacyPrivateBody)).toBeTruthy();
    expect(within(dialog).getByText(accountTexts.privacyPublicBody)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: accountTexts.communityLink }).getAttribute('href')).toBe(
      '/community',
    );
    expect(within(dialog).queryByRole('button', { name: accountTexts.setPublic })).toBeNull();
    expect(button(dialog, commonTexts.cancel)).toBeTruthy();
    fireEvent.click(button(dialog, accountTexts.setPrivate));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.path === '/api/profiles/me/privacy')?.body).toEqual({ private: true });
    expect(await screen.findByText(accountTexts.privacyCurrent('private'))).toBeTruthy();
  });

  it('offers Set to Public to a private expert; Cancel changes nothing', async () => {
    const { calls } = installFakeApi(me(buildOwnProfile({ private: true })));
    renderWithProviders(<AccountActions />, { user: buildUser() });
    fireEvent.click(await screen.findByRole('button', { name: accountTexts.privacyTitle }));
    const dialog = await screen.findByRole('dialog', { name: accountTexts.privacyTitle });
    expect(button(dialog, accountTexts.setPublic)).toBeTruthy();
    fireEvent.click(button(dialog, commonTexts.cancel));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.path === '/api/profiles/me/privacy')).toBe(false);
  });

  it('says the profile is public only when it is published and not private', async () => {
    installFakeApi(me());
    const { unmount } = renderWithProviders(<AccountActions />, { user: buildUser() });
    expect(await screen.findByText(accountTexts.privacyCurrent('public'))).toBeTruthy();
    unmount();

    const underReview = buildOwnProfile({ status: 'pending', profilePublished: false, profilePending: true });
    installFakeApi(me(underReview));
    renderWithProviders(<AccountActions />, { user: buildUser() });
    expect(await screen.findByText(accountTexts.privacyCurrent('unpublished'))).toBeTruthy();
    expect(screen.queryByText(/currently public/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: accountTexts.privacyTitle }));
    const dialog = await screen.findByRole('dialog', { name: accountTexts.privacyTitle });
    expect(within(dialog).getByText(accountTexts.privacyCurrent('unpublished'))).toBeTruthy();
    expect(within(dialog).queryByText(/currently public/)).toBeNull();
  });

  it('is for experts only', async () => {
    installFakeApi(me(buildOwnCompany()));
    renderWithProviders(<AccountActions />, { user: buildUser({ kind: 'company' }) });
    expect(await screen.findByRole('button', { name: accountTexts.disableTitle })).toBeTruthy();
    expect(screen.queryByRole('button', { name: accountTexts.privacyTitle })).toBeNull();
  });
});

describe('Sign out everywhere', () => {
  it('asks to confirm, then ends every session and lands this browser on the login', async () => {
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      ...me(),
      'POST /api/auth/sign-out-everywhere': () => ({ body: { message: accountTexts.signedOutEverywhere } }),
      'GET /api/auth/session': () => ({ body: { user: null } }),
    });
    const { router } = renderApp('/profile/edit', { user: buildUser() });
    fireEvent.click(await screen.findByRole('button', { name: accountTexts.signOutEverywhere }));
    const dialog = await screen.findByRole('dialog', { name: accountTexts.signOutEverywhere });
    expect(within(dialog).getByText(accountTexts.signOutEverywhereBody)).toBeTruthy();
    // Cancel changes nothing.
    fireEvent.click(button(dialog, commonTexts.cancel));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.path === '/api/auth/sign-out-everywhere')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: accountTexts.signOutEverywhere }));
    const again = await screen.findByRole('dialog', { name: accountTexts.signOutEverywhere });
    fireEvent.click(button(again, accountTexts.signOutEverywhere));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.filter((c) => c.path === '/api/auth/sign-out-everywhere')).toHaveLength(1);
  });

  it('shows why it failed and stays signed in', async () => {
    const failure = { status: 500, code: 'INTERNAL', message: 'Something went wrong. Please try again.' };
    const dialog = await failingDialog(
      '/api/auth/sign-out-everywhere',
      failure,
      accountTexts.signOutEverywhere,
    );
    fireEvent.click(button(dialog, accountTexts.signOutEverywhere));
    expect(await within(dialog).findByText(accountTexts.signOutEverywhereFailed)).toBeTruthy();
  });
});
