import type { OwnProfile } from '@intergen/contracts';
import { disableReasonLabels, profileTexts } from '@intergen/domain';
import { badRequest } from '../../lib/errors.ts';
import { startOfUtcDay } from '../../lib/time.ts';
import { deleteUserSessions, deleteUserTokens } from '../auth/index.ts';
import { mailTemplates, queueMail } from '../mail/index.ts';
import { updateProfileRow, updateUser } from '../members/index.ts';
import { event, failingWith, locked, type ProfilesContext, reload } from './profiles.context.ts';

/**
 * Disables the account at the member's request: reasons and date kept, profile unpublished, login removed,
 * every session and sign-in link ended, and a confirmation e-mail.
 */
export async function disableAccount(
  ctx: ProfilesContext,
  userId: string,
  body: { reasons: (keyof typeof disableReasonLabels)[]; text?: string | undefined },
): Promise<OwnProfile> {
  const { deps } = ctx;
  const text = body.text?.trim() || null;
  const reasons = [...new Set(body.reasons)];
  if (reasons.length === 0 && !text) {
    throw badRequest('VALIDATION_FAILED', profileTexts.reasonRequired, [
      { path: 'reasons', message: profileTexts.reasonRequired },
    ]);
  }
  const result = await failingWith(profileTexts.deleteFailed, () =>
    ctx.db.transaction(async (tx) => {
      const p = await locked(tx, userId);
      await updateProfileRow(tx, p.kind, p.id, {
        disableReason: [...reasons.map((r) => disableReasonLabels[r]), text].filter(Boolean).join('; '),
        disabledDate: startOfUtcDay(ctx.now()),
        profilePublished: false,
        profilePending: false,
      });
      await updateUser(tx, userId, { passwordHash: null, loginRemovedAt: new Date() });
      await deleteUserSessions(tx, userId);
      await deleteUserTokens(tx, userId, 'password_reset');
      await deleteUserTokens(tx, userId, 'one_time_login');
      await event(ctx, tx, 'profile.disabled', p, { reasons, text });
      const supportEmail = await deps.settings.supportEmail(tx);
      await queueMail(tx, p.email, mailTemplates.accountDisabled({ firstName: p.firstName, supportEmail }));
      return reload(tx, userId);
    }),
  );
  deps.afterCommit();
  return result;
}
