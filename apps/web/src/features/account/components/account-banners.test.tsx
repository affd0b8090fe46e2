import { accessTexts, accountTexts, fieldMessages, profileTexts } from '@intergen/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildOwnCompany, buildOwnProfile } from '../../../test/fixtures';
import { buildUser, configAnswer, errorAnswer, installFakeApi, renderApp } from '../../../test/render';
import { resetSessionFlags } from './session-flags';

afterEach(resetSessionFlags);

const pausedUser = buildUser({
  profile: { status: 'paused', profileComplete: true, onboardingComplete: true, firstIncompleteStep: null },
});

describe('the account banners', () => {
  it('a paused member resumes from the banner and is welcomed back', async () => {
    let session = pausedUser;
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/auth/session': () => ({ body: { user: session } }),
      'POST /api/profiles/me/unpause': () => {
        session = buildUser();
        return { body: { profile: buildOwnProfile() } };
      },
    });
    renderApp('/dashboard', { user: pausedUser });
    expect(await screen.findByText(accountTexts.pausedBanner)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: accountTexts.resumeLink }));
    const dialog = await screen.findByRole('dialog', { name: accountTexts.resumeTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: accountTexts.resumeTitle }));

    expect(await screen.findByText(accountTexts.welcomeBack)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(accountTexts.pausedBanner)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(accountTexts.welcomeBack)).toBeNull();
  });

  it('shows Failed to unpause account when resuming fails', async () => {
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'POST /api/profiles/me/unpause': () => errorAnswer(500, 'INTERNAL', profileTexts.unpauseFailed),
    });
    renderApp('/dashboard', { user: pausedUser });
    fireEvent.click(await screen.findByRole('button', { name: accountTexts.resumeLink }));
    const dialog = await screen.findByRole('dialog', { name: accountTexts.resumeTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: accountTexts.resumeTitle }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(profileTexts.unpauseFailed);
  });

  it('tells an expert under review that the profile is pending', async () => {
    installFakeApi({ 'GET /api/config': () => configAnswer });
    const pending = buildUser({
      profile: {
        status: 'pending',
        profileComplete: true,
        onboardingComplete: true,
        firstIncompleteStep: null,
      },
    });
    renderApp('/dashboard', { user: pending });
    expect(await screen.findByText(profileTexts.pendingBanner)).toBeTruthy();
  });

  it('sends a member whose profile the team unpublished to their page, which says why and whom to write to', async () => {
    const unpublished = buildUser({
      profile: {
        status: 'disabled',
        profileComplete: true,
        onboardingComplete: true,
        firstIncompleteStep: null,
      },
    });
    installFakeApi({ 'GET /api/config': () => configAnswer });
    const { router } = renderApp('/dashboard', { user: unpublished });
    expect(await screen.findByText(accessTexts.unpublishedBanner, { exact: false })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile/public');
    const mail = await screen.findByRole('link', { name: configAnswer.body.supportEmail });
    expect(mail.getAttribute('href')).toBe(`mailto:${configAnswer.body.supportEmail}`);
  });
});

describe('the annual confirmation', () => {
  const company = buildUser({ kind: 'company' });

  it('asks a company for its figures, all required, and sends them', async () => {
    let profile = buildOwnCompany();
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/profiles/me': () => ({ body: { profile } }),
      'POST /api/profiles/me/annual-confirmation': () => {
        profile = buildOwnCompany({ needsAnnualConfirmation: false });
        return { body: { profile } };
      },
    });
    renderApp('/dashboard', { user: company });
    const dialog = await screen.findByRole('dialog', { name: accountTexts.annualTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: accountTexts.confirm }));
    expect(await within(dialog).findByText(fieldMessages.capitalRequired)).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/profiles/me/annual-confirmation')).toBe(false);

    const teamSize = within(dialog).getByRole('textbox', { name: 'Team Size' }) as HTMLInputElement;
    fireEvent.change(teamSize, { target: { value: '0' } });
    fireEvent.blur(teamSize);
    expect(teamSize.value).toBe('0');
    fireEvent.click(within(dialog).getByRole('button', { name: accountTexts.confirm }));
    expect(await within(dialog).findByText(fieldMessages.teamSizePositive)).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Team Size' }), { target: { value: '14' } });
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Capital raised' }));
    fireEvent.click(await screen.findByRole('option', { name: 'More than $10 million' }));
    fireEvent.click(within(dialog).getByRole('button', { name: accountTexts.confirm }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.path === '/api/profiles/me/annual-confirmation')?.body).toEqual({
      companySize: 14,
      revenue: 'revenueLessThan250',
      capital: 'capitalMoreThanTen',
    });
  });

  it('Maybe later puts it off until the next sign-in, kept by the server; a failure says Failed to update profile', async () => {
    const postponed = { ...company, annualConfirmationPostponed: true };
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/auth/session': () => ({ body: { user: postponed } }),
      'GET /api/profiles/me': () => ({ body: { profile: buildOwnCompany() } }),
      'POST /api/profiles/me/annual-confirmation': () =>
        errorAnswer(500, 'INTERNAL', profileTexts.updateFailed),
      'POST /api/auth/session/annual-confirmation-later': () => ({ body: { user: postponed } }),
    });
    const first = renderApp('/dashboard', { user: company });
    const dialog = await screen.findByRole('dialog', { name: accountTexts.annualTitle });
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Capital raised' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Less than $250k' }));
    fireEvent.click(within(dialog).getByRole('button', { name: accountTexts.confirm }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(profileTexts.updateFailed);
    fireEvent.click(within(dialog).getByRole('button', { name: accountTexts.maybeLater }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/auth/session/annual-confirmation-later')).toHaveLength(1),
    );
    expect(Object.keys(window.localStorage)).not.toContain('annualLater');
    first.unmount();

    // A reload reads the session from the server: still put off, on the dashboard and the own profile.
    renderApp('/dashboard', { user: postponed });
    await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/profiles/me').length).toBeGreaterThan(1));
    expect(screen.queryByRole('dialog', { name: accountTexts.annualTitle })).toBeNull();
  }, 20_000);

  it('is not shown to experts', async () => {
    const { calls } = installFakeApi({ 'GET /api/config': () => configAnswer });
    renderApp('/dashboard', { user: buildUser() });
    await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.path === '/api/profiles/me')).toBe(false);
  });
});
