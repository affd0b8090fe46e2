import { demoTexts, routes } from '@intergen/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, configAnswer, installFakeApi, renderApp } from '../test/render';
import { SignedOutApp } from './signed-out-app';

const demoConfig = { body: { ...configAnswer.body, demo: true } };
const banner = () => screen.queryByRole('complementary', { name: demoTexts.bannerLabel });

describe('the demo banner', () => {
  it('shows on a signed-in page of a demo database', async () => {
    installFakeApi({ 'GET /api/config': () => demoConfig });
    renderApp('/dashboard', { user: buildUser() });
    expect((await screen.findByRole('complementary', { name: demoTexts.bannerLabel })).textContent).toContain(
      demoTexts.banner,
    );
  });

  it('shows on a signed-out page of the app', async () => {
    installFakeApi({ 'GET /api/config': () => demoConfig });
    renderApp('/login-one-time-request');
    expect(await screen.findByRole('complementary', { name: demoTexts.bannerLabel })).toBeTruthy();
  });

  it('shows on the signed-out entry’s login', async () => {
    installFakeApi({ 'GET /api/config': () => demoConfig });
    render(<SignedOutApp path={routes.login} />);
    expect(await screen.findByRole('complementary', { name: demoTexts.bannerLabel })).toBeTruthy();
  });

  it('is absent from a real database', async () => {
    const { calls } = installFakeApi({ 'GET /api/config': () => configAnswer });
    renderApp('/dashboard', { user: buildUser() });
    await screen.findAllByRole('link', { name: /dashboard/i });
    expect(calls.some((c) => c.path === '/api/config')).toBe(true);
    expect(banner()).toBeNull();
  });
});
