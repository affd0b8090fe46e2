import { hasHiddenCharacters, isValidEmail, messages, normalizeEmail } from '@intergen/domain';
import { newId } from '../../lib/crypto.ts';
import { badRequest } from '../../lib/errors.ts';
import * as members from '../members/index.ts';
import { type AuthContext, issueLinkToken } from './auth.context.ts';
import { lockAdminCreation } from './auth.repository.ts';

/**
 * Makes `email` an admin (creating a password-less, verified account when there is none) and returns a
 * one-time sign-in link for it.
 */
export async function createAdmin(
  ctx: AuthContext,
  emailInput: string,
  opts: { ttlMs?: number } = {},
): Promise<{ url: string; created: boolean }> {
  const { db } = ctx;
  if (hasHiddenCharacters(emailInput)) {
    throw badRequest('VALIDATION_FAILED', messages.emailHiddenCharacters);
  }
  const email = normalizeEmail(emailInput);
  if (!isValidEmail(email) && !/^[^\s@]+@localhost$/.test(email)) {
    throw badRequest('VALIDATION_FAILED', messages.invalidEmail);
  }
  return db.transaction(async (tx) => {
    await lockAdminCreation(tx);
    let user = await members.findUserByEmail(tx, email);
    const created = !user;
    if (user) {
      await members.updateUser(tx, user.id, { isAdmin: true });
      user = { ...user, isAdmin: true };
    } else {
      user = await members.insertUser(tx, {
        id: newId(),
        email,
        name: 'Admin',
        firstName: 'Admin',
        lastName: '',
        isAdmin: true,
        emailVerified: true,
      });
    }
    return { url: await issueLinkToken(ctx, tx, user, { ttlMs: opts.ttlMs }), created };
  });
}

/** Whether any admin exists yet (the first start creates one when not). */
export async function hasAdmin({ db }: AuthContext): Promise<boolean> {
  return (await members.countAdmins(db)) > 0;
}
