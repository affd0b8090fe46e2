import { messages } from '@intergen/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorAnswer, installFakeApi, renderApp } from '../../../test/render';

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('the login', () => {
  it('does nothing while the e-mail or the password is empty', async () => {
    const { calls } = installFakeApi();
    renderApp('/');
    const button = await screen.findByRole('button', { name: 'Log in' });

    fireEvent.click(button);
    fill(/^Email/, 'ada@example.com');
    fireEvent.click(button);

    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the server message in an alert and clears it when an input is edited', async () => {
    const { calls } = installFakeApi({
      'POST /api/auth/sign-in': () => errorAnswer(403, 'ACCOUNT_DEACTIVATED', messages.accountDeactivated),
    });
    renderApp('/');
    const button = await screen.findByRole('button', { name: 'Log in' });
    fill(/^Email/, 'ada@example.com');
    fill(/^Password/, 'a long secret');
    fireEvent.click(button);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(messages.accountDeactivated);
    expect(calls.find((c) => c.path === '/api/auth/sign-in')?.body).toEqual({
      email: 'ada@example.com',
      password: 'a long secret',
    });

    fill(/^Password/, 'a long secret!');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
