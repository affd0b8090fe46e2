import type { OwnProfile } from '@intergen/contracts';
import { profileTexts } from '@intergen/domain';
import { badRequest } from '../../lib/errors.ts';
import { startOfUtcDay } from '../../lib/time.ts';
import { updateProfileRow } from '../members/index.ts';
import { adminAction, event, type ProfilesContext, requestMatching } from './profiles.context.ts';
import { incompleteSections, isComplete } from './profiles.model.ts';

/** What approving an expert and publishing a company each check and record around the publish they share. */
interface Publication {
  kind: 'expert' | 'company';
  action: 'profile.approve' | 'profile.publish';
  wrongKind: string;
  incomplete: string;
  published: 'profile.approved' | 'profile.published';
  /** An approval also dismisses the getting-started banner and runs the approval hooks. */
  approval: boolean;
}

/**
 * Publishes a complete profile of `how.kind` with today's date, no longer pending, and asks for matching; a
 * published one is left as it is.
 */
function publishReviewed(
  ctx: ProfilesContext,
  adminId: string,
  profileId: string,
  how: Publication,
): Promise<OwnProfile> {
  return adminAction(ctx, { adminId, profileId, action: how.action }, async (tx, p) => {
    if (p.kind !== how.kind) throw badRequest('VALIDATION_FAILED', how.wrongKind);
    if (p.profilePublished) return false;
    if (!isComplete(p.kind, p.data)) {
      throw badRequest('PROFILE_INCOMPLETE', how.incomplete, incompleteSections(p.kind, p.data));
    }
    const publishDate = startOfUtcDay(ctx.now());
    await updateProfileRow(tx, p.kind, p.id, {
      profilePublished: true,
      disableReason: null,
      publishDate,
      profilePending: false,
      ...(how.approval ? { gettingStartedDismissed: true } : {}),
      profileComplete: true,
    });
    await event(ctx, tx, how.published, p, { by: adminId, publishDate: publishDate.getTime() });
    // The approval e-mail comes with the expert's `profile_approved` notification (an approval hook).
    if (how.approval) for (const hook of ctx.hooks) await hook(tx, p.id, ctx.now());
    await requestMatching(ctx, tx, p, how.approval ? 'approved' : 'published');
    return how.approval;
  });
}

/**
 * Approves an expert: published with today's date, no longer pending, the getting-started banner
 * dismissed; the approval hooks run in the same transaction (one notifies and mails the expert); matching
 * is asked for.
 */
export function approveExpert(ctx: ProfilesContext, adminId: string, profileId: string): Promise<OwnProfile> {
  return publishReviewed(ctx, adminId, profileId, {
    kind: 'expert',
    action: 'profile.approve',
    wrongKind: profileTexts.onlyExperts,
    incomplete: profileTexts.expertIncomplete,
    published: 'profile.approved',
    approval: true,
  });
}

/** Publishes a complete company profile with today's date and asks for matching. */
export function publishCompany(
  ctx: ProfilesContext,
  adminId: string,
  profileId: string,
): Promise<OwnProfile> {
  return publishReviewed(ctx, adminId, profileId, {
    kind: 'company',
    action: 'profile.publish',
    wrongKind: profileTexts.onlyCompanies,
    incomplete: profileTexts.companyIncomplete,
    published: 'profile.published',
    approval: false,
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
