import { accountDeletionMessages, ownAccountTexts } from '@intergen/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { failingDialog, me } from '../../../test/account-actions';
import {
  buildUser,
  configAnswer,
  installFakeApi,
  renderApp,
  renderWithProviders,
} from '../../../test/render';
import { AccountActions } from './account-actions';

const wrongPassword = {
  status: 400,
  body: {
    error: {
      code: 'CURRENT_PASSWORD_WRONG',
      message: accountDeletionMessages.passwordWrong,
      details: [{ path: 'password', message: accountDeletionMessages.passwordWrong }],
    },
  },
};

describe('Delete account', () => {
  it('asks for the password, shows a wrong one on the field, then signs out to the login', async () => {
    let tries = 0;
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      ...me(),
      'POST /api/account/delete': () =>
        ++tries === 1 ? wrongPassword : { body: { deleted: true, id: 'u1' } },
      'GET /api/auth/session': () => ({ body: { user: null } }),
    });
    const { router, queryClient } = renderApp('/profile/edit', { user: buildUser() });
    fireEvent.click(await screen.findByRole('button', { name: ownAccountTexts.deleteAction }));
    const dialog = await screen.findByRole('dialog', { name: ownAccountTexts.deleteTitle });
    expect(within(dialog).getByText(ownAccountTexts.deleteIntro)).toBeTruthy();
    const confirm = within(dialog).getByRole('button', {
      name: ownAccountTexts.confirm,
    }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);

    const field = within(dialog).getByLabelText(
      new RegExp(ownAccountTexts.passwordLabel),
    ) as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'not it' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    expect(await within(dialog).findByText(accountDeletionMessages.passwordWrong)).toBeTruthy();
    // The error is the field's own: its description for assistive technology.
    const describedBy = field.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(accountDeletionMessages.passwordWrong);
    expect(router.state.location.pathname).toBe('/profile/edit');
    // Typing again clears the field's error.
    fireEvent.change(field, { target: { value: 'the right one' } });
    expect(within(dialog).queryByText(accountDeletionMessages.passwordWrong)).toBeNull();
    fireEvent.submit(field.closest('form')!);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.filter((c) => c.path === '/api/account/delete').map((c) => c.body)).toEqual([
      { password: 'not it' },
      { password: 'the right one' },
    ]);
    expect(await screen.findByText(ownAccountTexts.deleted)).toBeTruthy();
    expect(queryClient.getQueryData(queryKeys.session)).toEqual({ user: null });
  });

  it('shows another failure in the dialog’s red banner', async () => {
    const failure = {
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please wait a minute.',
    };
    const dialog = await failingDialog(
      '/api/account/delete',
      failure,
      ownAccountTexts.deleteAction,
      ownAccountTexts.deleteTitle,
    );
    fireEvent.change(within(dialog).getByLabelText(new RegExp(ownAccountTexts.passwordLabel)), {
      target: { value: 'secret' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: ownAccountTexts.confirm }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(ownAccountTexts.failed);
    expect(alert.textContent).toContain('Too many attempts');
  });

  it('offers the data as a download of the export', async () => {
    installFakeApi(me());
    renderWithProviders(<AccountActions />, { user: buildUser() });
    const link = await screen.findByRole('link', { name: ownAccountTexts.downloadData });
    expect(link.getAttribute('href')).toBe('/api/account/export');
    expect(link.hasAttribute('download')).toBe(true);
  });
});
