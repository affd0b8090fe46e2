import type { OwnProfile } from '@intergen/contracts';
import { profileTexts } from '@intergen/domain';
import type { Executor } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { startOfUtcDay } from '../../lib/time.ts';
import { findProfile, type StoredProfile, updateProfileRow } from '../members/index.ts';
import {
  event,
  failingWith,
  locked,
  type ProfilesContext,
  reload,
  requestMatching,
} from './profiles.context.ts';
import { incompleteSections, isComplete, toOwnProfile } from './profiles.model.ts';

/** Whether the profile has been published or (an expert's) submitted for approval. */
const isSubmitted = (p: StoredProfile) => p.profilePublished || (p.kind === 'expert' && p.profilePending);

/**
 * Publishes a company (today's date) or submits an expert for approval (pending), completes onboarding and
 * asks for matching. The caller holds the profile's row lock and has checked that it is complete.
 */
async function submitLocked(ctx: ProfilesContext, tx: Executor, p: StoredProfile): Promise<void> {
  if (p.kind === 'expert') {
    await updateProfileRow(tx, p.kind, p.id, {
      profilePending: true,
      gettingStartedDismissed: true,
      onboardingComplete: true,
      profileComplete: true,
    });
    await event(ctx, tx, 'profile.submitted', p, {});
  } else {
    const publishDate = startOfUtcDay(ctx.now());
    await updateProfileRow(tx, p.kind, p.id, {
      profilePublished: true,
      disableReason: null,
      publishDate,
      onboardingComplete: true,
      profileComplete: true,
    });
    await event(ctx, tx, 'profile.published', p, { publishDate: publishDate.getTime() });
  }
  await requestMatching(ctx, tx, p, p.kind === 'company' ? 'published' : undefined);
}

/**
 * The review step's publish: an expert submits for approval (pending), a company publishes with today's
 * date. Needs a verified e-mail and a complete profile; asks for matching. Repeating it changes nothing.
 */
export async function submitProfile(ctx: ProfilesContext, userId: string): Promise<OwnProfile> {
  const { db } = ctx;
  const kind = (await findProfile(db, userId))?.kind;
  const result = await failingWith(kind === 'expert' ? profileTexts.setPendingFailed : null, () =>
    db.transaction(async (tx) => {
      const p = await locked(tx, userId);
      if (!p.emailVerified) {
        throw badRequest('EMAIL_UNVERIFIED', profileTexts.emailNotVerified);
      }
      if (isSubmitted(p)) return toOwnProfile(p);
      const problems = incompleteSections(p.kind, p.data);
      if (problems.length > 0) {
        const message = p.kind === 'expert' ? profileTexts.expertIncomplete : profileTexts.companyIncomplete;
        throw badRequest('PROFILE_INCOMPLETE', message, problems);
      }
      await submitLocked(ctx, tx, p);
      return reload(tx, userId);
    }),
  );
  ctx.deps.afterCommit();
  return result;
}

/**
 * The e-mail verification's hook (run in its transaction, after the address is marked verified): a member
 * who reached the review step with a complete profile is published (company) or submitted for approval
 * (expert), with matching asked for, exactly as the review step's Finish would. Anything else (an
 * incomplete profile, one already submitted, paused, disabled or deactivated) is left as it is, so
 * verifying then only verifies. Idempotent under the profile's row lock: a concurrent Finish finds the
 * profile submitted and changes nothing.
 */
export async function submitAfterVerification(
  ctx: ProfilesContext,
  tx: Executor,
  userId: string,
): Promise<void> {
  const p = await findProfile(tx, userId, { lock: true });
  if (!p?.emailVerified || !p.onboardingComplete || isSubmitted(p)) return;
  if (p.pausedDate || p.deactivatedDate || p.disableReason) return;
  if (!isComplete(p.kind, p.data)) return;
  await submitLocked(ctx, tx, p);
}
