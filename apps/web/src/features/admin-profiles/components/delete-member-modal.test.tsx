import { accountDeletionMessages, adminDeleteMemberTexts } from '@intergen/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminProfilePath, adminProfilesPath } from '../../../lib/paths';
import { buildOwnExpert } from '../../../test/fixtures';
import { buildUser, configAnswer, installFakeApi, renderApp } from '../../../test/render';

const admin = buildUser({ id: 'a1', kind: null, isAdmin: true, profile: null, firstName: 'Admin' });
const profile = buildOwnExpert({ id: 'e1' });

describe('Delete member', () => {
  it('is confirmed only once the member’s e-mail is typed, shows a refusal, then leaves for the list', async () => {
    let tries = 0;
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/profiles/e1': () => ({ body: { profile } }),
      'POST /api/admin/members/e1/delete': () =>
        ++tries === 1
          ? {
              status: 400,
              body: {
                error: { code: 'VALIDATION_FAILED', message: accountDeletionMessages.confirmationMismatch },
              },
            }
          : { body: { deleted: true, id: 'e1' } },
    });
    const { router } = renderApp(adminProfilePath('e1'), { user: admin });
    fireEvent.click(await screen.findByRole('button', { name: adminDeleteMemberTexts.action }));
    const dialog = await screen.findByRole('dialog', { name: adminDeleteMemberTexts.title });
    for (const item of adminDeleteMemberTexts.removed) expect(within(dialog).getByText(item)).toBeTruthy();
    const confirm = within(dialog).getByRole('button', {
      name: adminDeleteMemberTexts.confirm,
    }) as HTMLButtonElement;
    const field = within(dialog).getByRole('textbox', { name: adminDeleteMemberTexts.confirmLabel });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'someone@example.com' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(field, { target: { value: profile.email.slice(0, -1) } });
    expect(confirm.disabled).toBe(true);
    // As the server compares: trimmed, any case.
    fireEvent.change(field, { target: { value: `  ${profile.email.toUpperCase()} ` } });
    expect(confirm.disabled).toBe(false);

    fireEvent.click(confirm);
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      accountDeletionMessages.confirmationMismatch,
    );
    expect(router.state.location.pathname).toBe(adminProfilePath('e1'));

    fireEvent.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe(adminProfilesPath));
    expect(calls.filter((c) => c.path === '/api/admin/members/e1/delete').map((c) => c.body)).toEqual([
      { confirmation: `  ${profile.email.toUpperCase()} ` },
      { confirmation: `  ${profile.email.toUpperCase()} ` },
    ]);
    expect(await screen.findByText(adminDeleteMemberTexts.deletedMessage(profile.name))).toBeTruthy();
  });

  it('changes nothing when cancelled', async () => {
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/profiles/e1': () => ({ body: { profile } }),
    });
    renderApp(adminProfilePath('e1'), { user: admin });
    fireEvent.click(await screen.findByRole('button', { name: adminDeleteMemberTexts.action }));
    const dialog = await screen.findByRole('dialog', { name: adminDeleteMemberTexts.title });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
