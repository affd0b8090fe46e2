import { authTexts, messages, routes } from '@intergen/domain';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { errorAnswer, installFakeApi } from '../test/render';
import { SignedOutApp } from './signed-out-app';

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the signed-out entry', () => {
  it("shows the server's message for a refused sign-in, verbatim", async () => {
    const { calls } = installFakeApi({
      'POST /api/auth/sign-in': () => errorAnswer(401, 'INVALID_CREDENTIALS', messages.invalidCredentials),
    });
    render(<SignedOutApp path={routes.login} />);
    fill(/^Email/, ' ada@example.com ');
    fill(/^Password/, 'a long secret');
    fireEvent.click(screen.getByRole('button', { name: authTexts.logIn }));

    expect((await screen.findByRole('alert')).textContent).toBe(messages.invalidCredentials);
    expect(calls.find((c) => c.path === '/api/auth/sign-in')?.body).toEqual({
      email: 'ada@example.com',
      password: 'a long secret',
    });
  });

  it('takes an answer without a user for an error, not for a sign-in', async () => {
    installFakeApi({ 'POST /api/auth/sign-in': () => ({ body: { message: 'ok' } }) });
    render(<SignedOutApp path={routes.login} />);
    fill(/^Email/, 'ada@example.com');
    fill(/^Password/, 'a long secret');
    fireEvent.click(screen.getByRole('button', { name: authTexts.logIn }));

    expect((await screen.findByRole('alert')).textContent).toBe(messages.somethingWentWrong);
  });

  it('switches between the login and the sign-up in the page, and links elsewhere with plain links', async () => {
    installFakeApi();
    render(<SignedOutApp path={routes.login} />);
    expect(screen.getByRole('link', { name: authTexts.forgotPasswordLink }).getAttribute('href')).toBe(
      routes.forgotPassword,
    );

    fireEvent.click(screen.getByRole('link', { name: authTexts.signUp }));
    expect(await screen.findByRole('heading', { level: 1, name: authTexts.signUpTitle })).toBeTruthy();
    expect(window.location.pathname).toBe(routes.signup);

    // The sign-up's own checks, before any request.
    fireEvent.click(screen.getByRole('button', { name: authTexts.signUp }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.allFieldsRequired);

    fireEvent.click(screen.getByRole('link', { name: authTexts.loginLink }));
    expect(await screen.findByRole('heading', { level: 1, name: authTexts.logIn })).toBeTruthy();
    expect(window.location.pathname).toBe(routes.login);
  });
});
