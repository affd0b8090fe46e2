import type { OwnProfile } from '@intergen/contracts';
import { pauseReasonLabels, profileTexts } from '@intergen/domain';
import { AppError, badRequest } from '../../lib/errors.ts';
import { startOfUtcDay } from '../../lib/time.ts';
import { mailTemplates, queueMail } from '../mail/index.ts';
import { updateProfileRow } from '../members/index.ts';
import { event, failingWith, locked, type ProfilesContext, reload } from './profiles.context.ts';
import { toOwnProfile } from './profiles.model.ts';

/** Pauses a published profile (hidden, no new requests; login still works) and mails a confirmation. */
export async function pauseProfile(
  ctx: ProfilesContext,
  userId: string,
  body: { reason?: keyof typeof pauseReasonLabels | null | undefined; text?: string | undefined },
): Promise<OwnProfile> {
  const { appUrl, afterCommit } = ctx.deps;
  const text = body.text?.trim() || null;
  const reason = body.reason ?? null;
  if (!reason && !text) {
    throw badRequest('VALIDATION_FAILED', profileTexts.reasonRequired, [
      { path: 'reason', message: profileTexts.reasonRequired },
    ]);
  }
  const result = await failingWith(profileTexts.pauseFailed, () =>
    ctx.db.transaction(async (tx) => {
      const p = await locked(tx, userId);
      if (p.pausedDate) return toOwnProfile(p);
      if (!p.profilePublished) throw new AppError('INVALID_STATE', profileTexts.notPublished);
      await updateProfileRow(tx, p.kind, p.id, {
        profilePublished: false,
        pausedDate: startOfUtcDay(ctx.now()),
        pauseReason: [reason ? pauseReasonLabels[reason] : null, text].filter(Boolean).join(': '),
        lastPausedBy: userId,
      });
      await event(ctx, tx, 'profile.paused', p, { reason, text, pausedBy: userId });
      await queueMail(
        tx,
        p.email,
        mailTemplates.profilePaused({ firstName: p.firstName, url: `${appUrl}/profile/public` }),
      );
      return reload(tx, userId);
    }),
  );
  afterCommit();
  return result;
}

/** Resumes a paused profile: published again, pause fields cleared, and a welcome-back e-mail. */
export async function unpauseProfile(ctx: ProfilesContext, userId: string): Promise<OwnProfile> {
  const { appUrl, afterCommit } = ctx.deps;
  const result = await failingWith(profileTexts.unpauseFailed, () =>
    ctx.db.transaction(async (tx) => {
      const p = await locked(tx, userId);
      if (!p.pausedDate) throw new AppError('INVALID_STATE', profileTexts.notPaused);
      await updateProfileRow(tx, p.kind, p.id, {
        profilePublished: true,
        disableReason: null,
        pausedDate: null,
        pauseReason: null,
        lastPausedBy: null,
      });
      await event(ctx, tx, 'profile.unpaused', p, {});
      await queueMail(
        tx,
        p.email,
        mailTemplates.profileResumed({ firstName: p.firstName, url: `${appUrl}/dashboard` }),
      );
      return reload(tx, userId);
    }),
  );
  afterCommit();
  return result;
}
