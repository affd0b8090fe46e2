import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, configAnswer, installFakeApi, newProfile, renderApp } from '../../test/render';
import { showsFooter } from './footer';

describe('the footer', () => {
  it('is hidden on the sign-up, login and trailing-slash routes', () => {
    for (const path of [
      '/',
      '/signup',
      '/signup/expert',
      '/login-options',
      '/login-one-time-request',
      '/forgotPassword',
      '/reset-password',
      '/dashboard/',
    ]) {
      expect(showsFooter(path), path).toBe(false);
    }
    for (const path of ['/dashboard', '/profile/edit', '/admin/mailbox', '/my-network']) {
      expect(showsFooter(path), path).toBe(true);
    }
  });

  it('is not rendered on the login', async () => {
    installFakeApi({ 'GET /api/config': () => configAnswer });
    renderApp('/');
    await screen.findByRole('button', { name: 'Log in' });
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('offers Help and Log out on a signed-in page, even without header access', async () => {
    installFakeApi({ 'GET /api/config': () => configAnswer });
    renderApp('/profile/about', {
      user: buildUser({
        emailVerified: false,
        profile: newProfile(),
      }),
    });
    await screen.findByRole('heading', { name: 'Basic information' });
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain('Help');
    expect(footer.textContent).toContain('Log out');
  });
});
