import type { AccountDeletedResponse } from '@intergen/contracts';
import { accountDeletionMessages, normalizeEmail } from '@intergen/domain';
import { verifyPassword } from '../../lib/crypto.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { findUserById, lockUser, type UserRow } from '../members/index.ts';
import type { AccountsContext } from './accounts.context.ts';
import { purgeMember, removePictures } from './cascade.ts';

const notFound = () => new AppError('NOT_FOUND', accountDeletionMessages.memberNotFound);
const adminRefused = () => new AppError('INVALID_STATE', accountDeletionMessages.adminNotDeletable);

/** Runs the cascade for a member locked in its own transaction; `check` may still refuse once it is locked. */
async function deleteLocked(
  ctx: AccountsContext,
  memberId: string,
  check: (user: UserRow) => void,
  audit: ((tx: Parameters<typeof recordAudit>[0], user: UserRow) => Promise<void>) | null,
  by: string | null,
): Promise<AccountDeletedResponse> {
  const pictures = await ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, memberId);
    if (!user) throw notFound();
    if (user.isAdmin) throw adminRefused();
    check(user);
    const urls = await purgeMember(ctx, tx, user, by);
    await audit?.(tx, user);
    return urls;
  });
  ctx.deps.afterCommit();
  await removePictures(ctx, pictures);
  return { deleted: true, id: memberId };
}

/**
 * An admin deletes a member (DESIGN.md §4) after typing the member's e-mail address: compared trimmed and
 * case-insensitively, a mismatch answers 400 and changes nothing. Admins are not deleted here (an admin cannot
 * delete themself either). The audit log records who deleted whom, with the member's role and e-mail.
 */
export async function deleteMemberByAdmin(
  ctx: AccountsContext,
  adminId: string,
  memberId: string,
  confirmation: string,
): Promise<AccountDeletedResponse> {
  if (memberId === adminId) throw adminRefused();
  return deleteLocked(
    ctx,
    memberId,
    (user) => {
      if (normalizeEmail(confirmation) !== normalizeEmail(user.email)) {
        throw badRequest('VALIDATION_FAILED', accountDeletionMessages.confirmationMismatch, [
          { path: 'confirmation', message: accountDeletionMessages.confirmationMismatch },
        ]);
      }
    },
    (tx, user) =>
      recordAudit(tx, {
        actorId: adminId,
        action: 'member.delete',
        target: user.id,
        details: { role: user.kind, email: user.email },
      }),
    adminId,
  );
}

/**
 * A member deletes their own account, confirmed by their password (checked before anything is locked: a wrong
 * one answers 400 on the field and changes nothing). The caller ends the session's cookie.
 */
export async function deleteOwnAccount(
  ctx: AccountsContext,
  userId: string,
  password: string,
): Promise<AccountDeletedResponse> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound();
  if (user.isAdmin) throw adminRefused();
  if (!password) {
    throw badRequest('VALIDATION_FAILED', accountDeletionMessages.passwordRequired, [
      { path: 'password', message: accountDeletionMessages.passwordRequired },
    ]);
  }
  if (!user.passwordHash || !(await verifyPassword(password, user.passwordHash))) {
    throw badRequest('CURRENT_PASSWORD_WRONG', accountDeletionMessages.passwordWrong, [
      { path: 'password', message: accountDeletionMessages.passwordWrong },
    ]);
  }
  return deleteLocked(ctx, userId, () => {}, null, null);
}
