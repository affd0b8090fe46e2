import { limits, messages, normalizeEmail } from '@intergen/domain';
import { hashPassword, hashToken, randomToken, verifyPassword } from '../../lib/crypto.ts';
import { badRequest } from '../../lib/errors.ts';
import { mailTemplates, queueMail } from '../mail/index.ts';
import * as members from '../members/index.ts';
import {
  type AuthContext,
  type ClientInfo,
  checkNewPassword,
  type IssuedSession,
  issueSession,
} from './auth.context.ts';
import * as repo from './auth.repository.ts';

/** Mails a reset link when the account exists; answers the same either way (no account discovery). */
export async function forgotPassword(
  { db, appUrl, afterCommit }: AuthContext,
  emailInput: string,
): Promise<void> {
  const email = normalizeEmail(emailInput);
  const user = await members.findUserByEmail(db, email);
  if (!user || user.loginRemovedAt) return;
  await db.transaction(async (tx) => {
    await repo.deleteUserTokens(tx, user.id, 'password_reset');
    const token = randomToken();
    await repo.insertToken(tx, {
      tokenHash: hashToken(token),
      userId: user.id,
      purpose: 'password_reset',
      expiresAt: new Date(Date.now() + limits.tokenTtlMs),
    });
    await queueMail(
      tx,
      user.email,
      mailTemplates.passwordReset({
        firstName: user.firstName,
        url: `${appUrl}/reset-password?token=${encodeURIComponent(token)}`,
      }),
    );
  });
  afterCommit();
}

/** Sets a new password with a reset token (single use) and ends every session of the account. */
export async function resetPassword(
  { db }: AuthContext,
  input: { token: string; password: string },
  client: ClientInfo = {},
): Promise<void> {
  checkNewPassword(input.password, 'password');
  // A dead link is refused before the costly hash; consuming it below keeps it single-use.
  if (!(await repo.findToken(db, hashToken(input.token), 'password_reset'))) {
    throw badRequest('TOKEN_INVALID', messages.resetLinkInvalid);
  }
  const passwordHash = await hashPassword(input.password, { client: client.ip });
  await db.transaction(async (tx) => {
    const row = await repo.consumeToken(tx, hashToken(input.token), 'password_reset');
    if (!row) throw badRequest('TOKEN_INVALID', messages.resetLinkInvalid);
    await members.updateUser(tx, row.userId, { passwordHash });
    await repo.deleteUserSessions(tx, row.userId);
  });
}

/** Changes the password after checking the current one; other sessions end, this one is rotated. */
export async function changePassword(
  { db }: AuthContext,
  userId: string,
  input: { currentPassword: string; newPassword: string; confirmPassword: string },
  client: ClientInfo,
): Promise<IssuedSession> {
  if (input.newPassword !== input.confirmPassword) {
    throw badRequest('PASSWORD_MISMATCH', messages.passwordsDoNotMatch, [
      { path: 'confirmPassword', message: messages.passwordsDoNotMatch },
    ]);
  }
  checkNewPassword(input.newPassword, 'newPassword');
  const user = await members.findUserById(db, userId);
  if (
    !user?.passwordHash ||
    !(await verifyPassword(input.currentPassword, user.passwordHash, { client: client.ip }))
  ) {
    throw badRequest('CURRENT_PASSWORD_WRONG', messages.currentPasswordWrong, [
      { path: 'currentPassword', message: messages.currentPasswordWrong },
    ]);
  }
  const passwordHash = await hashPassword(input.newPassword, { client: client.ip });
  return db.transaction(async (tx) => {
    await members.updateUser(tx, userId, { passwordHash });
    await repo.deleteUserSessions(tx, userId);
    return issueSession(tx, userId, client);
  });
}
