import type { OwnProfile } from '@intergen/contracts';
import { startOfUtcDay } from '../../lib/time.ts';
import { deleteUserSessions } from '../auth/index.ts';
import { type ProfileRowPatch, type StoredProfile, updateProfileRow } from '../members/index.ts';
import { adminAction, event, type ProfilesContext, requestMatching } from './profiles.context.ts';
import { isComplete } from './profiles.model.ts';

/**
 * Deactivates a member: unpublished, not pending, date and reason kept, and what was taken away (published
 * or pending) remembered for `activateMember`; their sessions end at once.
 */
export function deactivateMember(
  ctx: ProfilesContext,
  adminId: string,
  profileId: string,
  reason: string,
): Promise<OwnProfile> {
  const deactivated = { action: 'profile.deactivate', event: 'profile.deactivated' } as const;
  return signingOut(ctx, adminId, profileId, reason, deactivated, (p) => ({
    profilePublished: false,
    profilePending: false,
    deactivatedDate: startOfUtcDay(ctx.now()),
    deactivateReason: reason,
    // A repeated deactivation keeps what the first one took away.
    deactivatedFrom: p.deactivatedDate
      ? p.deactivatedFrom
      : p.profilePublished
        ? 'published'
        : p.profilePending
          ? 'pending'
          : null,
  }));
}

/**
 * Reactivates a deactivated member (000 §4 Activate; DESIGN §4 "Activate (admin)"): the deactivation is cleared
 * and, when the profile is complete and its e-mail verified, it is published (`published true`, with today's
 * publish date if it never had one). Anything else returns to its derived status (complete or incomplete) so
 * the member can sign in and finish: a deactivated member is never stranded. A member who had paused
 * themselves stays paused (resuming is theirs). An expert published this way without having been approved
 * gets what approval gives (held requests released, matching asked for). Active profiles are left as they are.
 */
export async function activateMember(
  ctx: ProfilesContext,
  adminId: string,
  profileId: string,
): Promise<OwnProfile> {
  return adminAction(ctx, { adminId, profileId, action: 'profile.activate' }, async (tx, p) => {
    if (!p.deactivatedDate) return false;
    const complete = isComplete(p.kind, p.data);
    const publish = complete && p.emailVerified && p.pausedDate == null;
    await updateProfileRow(tx, p.kind, p.id, {
      deactivatedDate: null,
      deactivateReason: null,
      deactivatedFrom: null,
      profileComplete: complete,
      ...(publish
        ? {
            profilePublished: true,
            profilePending: false,
            disableReason: null,
            publishDate: p.publishDate ?? startOfUtcDay(ctx.now()),
          }
        : {}),
    });
    await event(ctx, tx, 'profile.activated', p, { by: adminId, restored: publish ? 'published' : null });
    const firstPublish = publish && p.deactivatedFrom !== 'published';
    if (firstPublish && p.kind === 'expert') for (const hook of ctx.hooks) await hook(tx, p.id, ctx.now());
    if (firstPublish) await requestMatching(ctx, tx, p, p.kind === 'expert' ? 'approved' : 'published');
    return false;
  });
}

/** Takes a profile off the community with a reason (stored as the disable reason, spec 000 §4) and ends the member's sessions. */
export function unpublishProfile(
  ctx: ProfilesContext,
  adminId: string,
  profileId: string,
  reason: string,
): Promise<OwnProfile> {
  // A disable reason appearing signs the member out (spec 001 §5); they may sign in again.
  const unpublished = { action: 'profile.unpublish', event: 'profile.unpublished' } as const;
  return signingOut(ctx, adminId, profileId, reason, unpublished, () => ({
    profilePublished: false,
    disableReason: reason,
  }));
}

/**
 * An admin's action with a reason that takes a profile off (`patch`), ends the member's sessions at once and
 * says so in an event naming the admin and the reason.
 */
function signingOut(
  ctx: ProfilesContext,
  adminId: string,
  profileId: string,
  reason: string,
  names: { action: string; event: 'profile.deactivated' | 'profile.unpublished' },
  patch: (p: StoredProfile) => ProfileRowPatch,
): Promise<OwnProfile> {
  return adminAction(
    ctx,
    { adminId, profileId, action: names.action, details: { reason } },
    async (tx, p) => {
      await updateProfileRow(tx, p.kind, p.id, patch(p));
      await deleteUserSessions(tx, p.id);
      await event(ctx, tx, names.event, p, { by: adminId, reason });
      return false;
    },
  );
}
