import type { OwnProfile } from '@intergen/contracts';
import { type ProfileRowPatch, updateProfileRow } from '../members/index.ts';
import { event, locked, type ProfilesContext, reload } from './profiles.context.ts';
import { randomDefaultAvatar } from './profiles.images.ts';
import { isComplete, toOwnProfile } from './profiles.model.ts';

/**
 * Reaching the review step (or Preview profile): onboarding is complete, a profile without a picture gets
 * one of its kind's default avatars at random, and profileComplete is recomputed.
 */
export async function reachReview(ctx: ProfilesContext, userId: string): Promise<OwnProfile> {
  return ctx.db.transaction(async (tx) => {
    const p = await locked(tx, userId);
    const changes: ProfileRowPatch = {};
    if (!p.onboardingComplete) changes.onboardingComplete = true;
    const avatar = p.data.profileImage ? null : randomDefaultAvatar(p.kind, ctx.random);
    if (avatar) {
      changes.profileImage = avatar;
      changes.updatedAt = new Date();
    }
    if (!p.profilePublished) {
      const complete = isComplete(p.kind, { ...p.data, ...(avatar ? { profileImage: avatar } : {}) });
      if (complete !== p.profileComplete) changes.profileComplete = complete;
    }
    if (Object.keys(changes).length === 0) return toOwnProfile(p);
    await updateProfileRow(tx, p.kind, p.id, changes);
    await event(ctx, tx, 'profile.updated', p, {
      fields: avatar ? ['profileImage'] : [],
      onboardingComplete: true,
    });
    return reload(tx, userId);
  });
}
