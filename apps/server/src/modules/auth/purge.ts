import type { Executor } from '../../db/client.ts';
import { deleteUserSessions, deleteUserTokens, deleteVerificationCode } from './auth.repository.ts';

/**
 * Ends everything a deleted account could sign in with, in the deletion's transaction: every session (their live
 * streams close on every instance when it commits), every reset and one-time link, the verification code.
 */
export async function purgeMemberAuth(tx: Executor, userId: string): Promise<void> {
  await deleteUserSessions(tx, userId);
  await deleteUserTokens(tx, userId, 'password_reset');
  await deleteUserTokens(tx, userId, 'one_time_login');
  await deleteVerificationCode(tx, userId);
}
