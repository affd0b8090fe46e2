import { authTexts, messages } from '@intergen/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, configAnswer, errorAnswer, installFakeApi, renderApp } from '../../../test/render';

describe('/login-options', () => {
  it('refuses to request a link without the login and deal of the invitation', async () => {
    const { calls } = installFakeApi({ 'GET /api/config': () => configAnswer });
    renderApp('/login-options?login=null&deal=42');
    const button = await screen.findByRole('button', { name: 'Sign in with a one-time link' });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ada@example.com' } });
    fireEvent.click(button);

    expect((await screen.findByRole('alert')).textContent).toContain(messages.oneTimeLinkMissingData);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says on the e-mail field that the e-mail is needed when none is typed, beside the spec’s message', async () => {
    const { calls } = installFakeApi({ 'GET /api/config': () => configAnswer });
    renderApp('/login-options?login=u7&deal=42');
    const button = await screen.findByRole('button', { name: 'Sign in with a one-time link' });
    fireEvent.click(button);

    expect((await screen.findByRole('alert')).textContent).toContain(messages.oneTimeLinkMissingData);
    const field = screen.getByLabelText(/^Email/);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(authTexts.oneTimeLinkEmailNeeded)).toBeTruthy();
    expect(field.getAttribute('aria-describedby') ?? '').not.toBe('');
    expect(document.activeElement).toBe(field);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    // Typing clears the field's message.
    fireEvent.change(field, { target: { value: 'ada@example.com' } });
    expect(screen.queryByText(authTexts.oneTimeLinkEmailNeeded)).toBeNull();
  });

  it('without an invitation and no e-mail typed, the field says the e-mail is needed too', async () => {
    installFakeApi({ 'GET /api/config': () => configAnswer });
    renderApp('/login-options');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with a one-time link' }));
    expect(await screen.findByText(authTexts.oneTimeLinkEmailNeeded)).toBeTruthy();
  });

  it('requests a link for the deal and shows the server message', async () => {
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'POST /api/auth/one-time-link/for-deal': () => ({ body: { message: 'A link is on its way.' } }),
    });
    renderApp('/login-options?login=u7&deal=42&redirect=%2Fdashboard');
    const button = await screen.findByRole('button', { name: 'Sign in with a one-time link' });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ada@example.com' } });
    fireEvent.click(button);

    expect((await screen.findByRole('status')).textContent).toContain('A link is on its way.');
    expect(calls.find((c) => c.path === '/api/auth/one-time-link/for-deal')?.body).toEqual({
      email: 'ada@example.com',
      login: 'u7',
      deal: '42',
      redirect: '/dashboard',
    });
  });

  it('signs in with a token once and follows the redirect the role allows', async () => {
    const company = buildUser({ kind: 'company' });
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'POST /api/auth/one-time-link/consume': () => ({ body: { user: company, redirect: '/my-network' } }),
    });
    const { router } = renderApp('/login-options?token=t0k3n');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-network'));
    expect(calls.filter((c) => c.path === '/api/auth/one-time-link/consume')).toHaveLength(1);
  });

  it('shows the error and the login form when the token is refused', async () => {
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'POST /api/auth/one-time-link/consume': () =>
        errorAnswer(400, 'TOKEN_INVALID', messages.oneTimeLinkInvalid),
    });
    renderApp('/login-options?token=used');
    expect((await screen.findByRole('alert')).textContent).toContain(messages.oneTimeLinkInvalid);
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('without an invitation, mails a one-time link to the typed e-mail (an expired link lands here)', async () => {
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'POST /api/auth/one-time-link': () => ({ body: { message: messages.oneTimeLinkSent } }),
    });
    renderApp('/login-options?redirect=%2Fmy-network');
    const button = await screen.findByRole('button', { name: 'Sign in with a one-time link' });
    // A malformed address is refused on the spot.
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ada@' } });
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toContain(messages.invalidEmail);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ad\u200ba@example.com' } });
    fireEvent.click(button);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(messages.emailHiddenCharacters),
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: ' ada@example.com ' } });
    fireEvent.click(button);
    expect((await screen.findByRole('status')).textContent).toContain(messages.oneTimeLinkSent);
    expect(screen.queryByText(messages.oneTimeLinkMissingData)).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/api/auth/one-time-link', { email: 'ada@example.com', redirect: '/my-network' }],
    ]);
  });
});
