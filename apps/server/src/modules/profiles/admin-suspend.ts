import type { OwnProfile } from '@intergen/contracts';
import { adminMembersTexts } from '@intergen/domain';
import { badRequest } from '../../lib/errors.ts';
import { startOfUtcDay } from '../../lib/time.ts';
import { deleteUserSessions } from '../auth/index.ts';
import { updateProfileRow } from '../members/index.ts';
import { adminAction, event, type ProfilesContext } from './profiles.context.ts';
import { incompleteSections, isComplete } from './profiles.model.ts';

/**
 * Deactivates a member: unpublished, not pending, date and reason kept, and what was taken away (published
 * or pending) remembered for `activateMember`; their sessions end at once.
 */
export async function deactivateMember(
  ctx: ProfilesContext,
  adminId: string,
  profileId: string,
  reason: string,
): Promise<OwnProfile> {
  return adminAction(
    ctx,
    { adminId, profileId, action: 'profile.deactivate', details: { reason } },
    async (tx, p) => {
      await updateProfileRow(tx, p.kind, p.id, {
        profilePublished: false,
        profilePending: false,
        deactivatedDate: startOfUtcDay(),
        deactivateReason: reason,
        // A repeated deactivation keeps what the first one took away.
        deactivatedFrom: p.deactivatedDate
          ? p.deactivatedFrom
          : p.profilePublished
            ? 'published'
            : p.profilePending
              ? 'pending'
              : null,
      });
      await deleteUserSessions(tx, p.id);
      await event(ctx, tx, 'profile.deactivated', p, { by: adminId, reason });
      return false;
    },
  );
}

/**
 * Reactivates a deactivated member whose profile is complete (issue 14: activate only a complete profile; an
 * incomplete one is refused, 400 `PROFILE_INCOMPLETE` with the missing sections): the deactivation is cleared
 * and the state it took away restored — published again, or pending approval again — but only while its
 * e-mail is verified (what publishing and submitting require). Anything else (a paused profile) stays as it
 * was. **Deliberate:** the spec's "published true" would publish unverified profiles. Active profiles are
 * left as they are.
 */
export async function activateMember(
  ctx: ProfilesContext,
  adminId: string,
  profileId: string,
): Promise<OwnProfile> {
  return adminAction(ctx, { adminId, profileId, action: 'profile.activate' }, async (tx, p) => {
    if (!p.deactivatedDate) return false;
    // Activation gives back a place in the community, which only a complete profile may have (000 §4).
    if (!isComplete(p.kind, p.data)) {
      throw badRequest(
        'PROFILE_INCOMPLETE',
        adminMembersTexts.activateIncomplete,
        incompleteSections(p.kind, p.data),
      );
    }
    const restorable = p.emailVerified;
    const restored =
      restorable &&
      (p.deactivatedFrom === 'published' || (p.deactivatedFrom === 'pending' && p.kind === 'expert'))
        ? p.deactivatedFrom
        : null;
    await updateProfileRow(tx, p.kind, p.id, {
      deactivatedDate: null,
      deactivateReason: null,
      deactivatedFrom: null,
      ...(restored === 'published' ? { profilePublished: true } : {}),
      ...(restored === 'pending' ? { profilePending: true } : {}),
    });
    await event(ctx, tx, 'profile.activated', p, { by: adminId, restored });
    return false;
  });
}

/** Takes a profile off the community with a reason (stored as the disable reason, spec 000 §4) and ends the member's sessions. */
export async function unpublishProfile(
  ctx: ProfilesContext,
  adminId: string,
  profileId: string,
  reason: string,
): Promise<OwnProfile> {
  return adminAction(
    ctx,
    { adminId, profileId, action: 'profile.unpublish', details: { reason } },
    async (tx, p) => {
      await updateProfileRow(tx, p.kind, p.id, { profilePublished: false, disableReason: reason });
      // A disable reason appearing signs the member out (spec 001 §5); they may sign in again.
      await deleteUserSessions(tx, p.id);
      await event(ctx, tx, 'profile.unpublished', p, { by: adminId, reason });
      return false;
    },
  );
}
