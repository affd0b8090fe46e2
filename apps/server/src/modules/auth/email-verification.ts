import type { SessionUser } from '@intergen/contracts';
import { limits, messages, normalizeVerificationCode } from '@intergen/domain';
import { hashToken } from '../../lib/crypto.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { publishAdminLive } from '../live/index.ts';
import * as members from '../members/index.ts';
import { setHasEmailVerificationCode } from '../members/index.ts';
import { type AuthContext, issueVerificationCode, toSessionUser } from './auth.context.ts';
import * as repo from './auth.repository.ts';

/** Issues a new e-mail verification code (voiding the previous one) and mails it. */
export async function sendVerificationCode(ctx: AuthContext, userId: string): Promise<void> {
  const { db, afterCommit } = ctx;
  const user = await members.findUserById(db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', messages.notSignedIn);
  if (user.emailVerified) throw badRequest('ALREADY_VERIFIED', messages.emailAlreadyVerified);
  await db.transaction((tx) => issueVerificationCode(ctx, tx, user));
  afterCommit();
}

/**
 * Checks a typed code: case-insensitive, valid 10 minutes, single use; the fifth wrong try voids it.
 * Concurrent tries are serialised by a row lock so none is lost from the count. An expired or voided code
 * answers CODE_EXPIRED, so the client can offer a new one. The verified hooks run in the same transaction:
 * a complete profile that reached the review step is published or submitted there, so the flow is done
 * even if the member never presses Continue.
 */
export async function verifyEmail(
  { db, afterCommit, onEmailVerified }: AuthContext,
  userId: string,
  typed: string,
  sessionToken?: string | null,
): Promise<SessionUser> {
  const code = normalizeVerificationCode(typed);
  if (code.length < limits.verificationCodeLength)
    throw badRequest('CODE_INCOMPLETE', messages.incompleteCode);
  const outcome = await db.transaction(async (tx) => {
    const user = await members.findUserById(tx, userId);
    if (!user) throw new AppError('UNAUTHENTICATED', messages.notSignedIn);
    if (user.emailVerified) return { user: await toSessionUser(tx, user, sessionToken) };
    const row = await repo.findVerificationCodeForUpdate(tx, userId);
    if (!row) return { error: badRequest('CODE_EXPIRED', messages.verificationCodeVoid) };
    if (row.expiresAt.getTime() <= Date.now()) {
      await repo.deleteVerificationCode(tx, userId);
      return { error: badRequest('CODE_EXPIRED', messages.verificationCodeExpired) };
    }
    if (row.codeHash !== hashToken(code)) {
      const attempts = row.attempts + 1;
      if (attempts >= limits.verificationCodeMaxAttempts) await repo.deleteVerificationCode(tx, userId);
      else await repo.setVerificationAttempts(tx, userId, attempts);
      return { error: badRequest('CODE_INCORRECT', messages.incorrectCode) };
    }
    await repo.deleteVerificationCode(tx, userId);
    await members.updateUser(tx, userId, { emailVerified: true });
    if (user.kind) await setHasEmailVerificationCode(tx, user.kind, userId, false);
    for (const hook of onEmailVerified) await hook(tx, userId);
    await publishAdminLive(tx, ['adminMembers']);
    return { user: await toSessionUser(tx, { ...user, emailVerified: true }, sessionToken) };
  });
  // The attempt count must be committed even when the answer is an error.
  if ('error' in outcome) throw outcome.error;
  afterCommit();
  return outcome.user;
}
