import type { OwnProfile } from '@intergen/contracts';
import { profileTexts } from '@intergen/domain';
import { badRequest } from '../../lib/errors.ts';
import { startOfUtcDay } from '../../lib/time.ts';
import { updateProfileRow } from '../members/index.ts';
import { adminAction, event, type ProfilesContext, requestMatching } from './profiles.context.ts';
import { incompleteSections, isComplete } from './profiles.model.ts';

/**
 * Approves an expert: published with today's date, no longer pending, the getting-started banner
 * dismissed; the approval hooks run in the same transaction (one notifies and mails the expert); matching
 * is asked for.
 */
export async function approveExpert(
  ctx: ProfilesContext,
  adminId: string,
  profileId: string,
): Promise<OwnProfile> {
  return adminAction(ctx, { adminId, profileId, action: 'profile.approve' }, async (tx, p) => {
    if (p.kind !== 'expert') throw badRequest('VALIDATION_FAILED', profileTexts.onlyExperts);
    if (p.profilePublished) return false;
    if (!isComplete(p.kind, p.data)) {
      throw badRequest(
        'PROFILE_INCOMPLETE',
        profileTexts.expertIncomplete,
        incompleteSections(p.kind, p.data),
      );
    }
    const publishDate = startOfUtcDay(ctx.now());
    await updateProfileRow(tx, p.kind, p.id, {
      profilePublished: true,
      disableReason: null,
      publishDate,
      profilePending: false,
      gettingStartedDismissed: true,
      profileComplete: true,
    });
    await event(ctx, tx, 'profile.approved', p, { by: adminId, publishDate: publishDate.getTime() });
    // The approval e-mail comes with the expert's `profile_approved` notification (an approval hook).
    for (const hook of ctx.hooks) await hook(tx, p.id, ctx.now());
    await requestMatching(ctx, tx, p, 'approved');
    return true;
  });
}

/** Publishes a complete company profile with today's date and asks for matching. */
export async function publishCompany(
  ctx: ProfilesContext,
  adminId: string,
  profileId: string,
): Promise<OwnProfile> {
  return adminAction(ctx, { adminId, profileId, action: 'profile.publish' }, async (tx, p) => {
    if (p.kind !== 'company') throw badRequest('VALIDATION_FAILED', profileTexts.onlyCompanies);
    if (p.profilePublished) return false;
    if (!isComplete(p.kind, p.data)) {
      throw badRequest(
        'PROFILE_INCOMPLETE',
        profileTexts.companyIncomplete,
        incompleteSections(p.kind, p.data),
      );
    }
    const publishDate = startOfUtcDay(ctx.now());
    await updateProfileRow(tx, p.kind, p.id, {
      profilePublished: true,
      disableReason: null,
      publishDate,
      profilePending: false,
      profileComplete: true,
    });
    await event(ctx, tx, 'profile.published', p, { by: adminId, publishDate: publishDate.getTime() });
    await requestMatching(ctx, tx, p, 'published');
    return false;
  });
}

/** Sets or clears an expert's verified badge. */
export async function setVerified(
  ctx: ProfilesContext,
  adminId: string,
  profileId: string,
  verified: boolean,
): Promise<OwnProfile> {
  return adminAction(
    ctx,
    { adminId, profileId, action: verified ? 'profile.verify' : 'profile.unverify' },
    async (tx, p) => {
      if (p.kind !== 'expert') throw badRequest('VALIDATION_FAILED', profileTexts.onlyExperts);
      if (p.isVerified === verified) return false;
      await updateProfileRow(tx, p.kind, p.id, { isVerified: verified });
      await event(ctx, tx, verified ? 'profile.verified' : 'profile.unverified', p, { by: adminId });
      return false;
    },
  );
}
