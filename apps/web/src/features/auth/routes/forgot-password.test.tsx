import { authTexts, messages } from '@intergen/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { configAnswer, installFakeApi, renderApp } from '../../../test/render';

describe('/forgotPassword', () => {
  it('checks the e-mail format before sending the reset link', async () => {
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'POST /api/auth/password/forgot': () => ({ body: { message: messages.resetSuccess } }),
    });
    renderApp('/forgotPassword');
    const button = await screen.findByRole('button', { name: authTexts.resetPassword });
    const email = screen.getByRole('textbox', { name: /^Email/ });
    fireEvent.change(email, { target: { value: 'ada.example.com' } });
    fireEvent.click(button);
    expect(await screen.findByText(messages.invalidEmail)).toBeTruthy();
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(email, { target: { value: 'ad\u200ba@example.com' } });
    fireEvent.click(button);
    expect(await screen.findByText(messages.emailHiddenCharacters)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(email, { target: { value: 'ada@example.com' } });
    expect(screen.queryByText(messages.invalidEmail)).toBeNull();
    fireEvent.click(button);
    expect((await screen.findByRole('status')).textContent).toContain(messages.resetSuccess);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'ada@example.com' });
  });
});
