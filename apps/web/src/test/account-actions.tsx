import { fireEvent, screen } from '@testing-library/react';
import { AccountActions } from '../features/account/components/account-actions';
import { buildOwnProfile } from './fixtures';
import { buildUser, errorAnswer, installFakeApi, renderWithProviders } from './render';

/** The fake API's answer to the member's own profile (an expert, published, unless given). */
export const me = (profile = buildOwnProfile()) => ({
  'GET /api/profiles/me': () => ({ body: { profile } }),
});

/**
 * The account actions of a member whose `POST path` fails with `error`, and the dialog opened by the button
 * `action` (named `title`, the button's own name unless given), for the tests of what a failure shows.
 */
export async function failingDialog(
  path: string,
  error: { status: number; code: string; message: string },
  action: string,
  title = action,
): Promise<HTMLElement> {
  installFakeApi({
    ...me(),
    [`POST ${path}`]: () => errorAnswer(error.status, error.code, error.message),
  });
  renderWithProviders(<AccountActions />, { user: buildUser() });
  fireEvent.click(await screen.findByRole('button', { name: action }));
  return screen.findByRole('dialog', { name: title });
}
