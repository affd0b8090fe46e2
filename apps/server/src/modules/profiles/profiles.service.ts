import { bindContext } from '../../lib/use-case.ts';
import type { EmailVerifiedHook } from '../auth/index.ts';
import { listMembers } from './admin-members.ts';
import { approveExpert, publishCompany, setVerified } from './admin-review.ts';
import { activateMember, deactivateMember, unpublishProfile } from './admin-suspend.ts';
import { getForAdmin } from './admin-views.ts';
import { applyPendingChanges } from './apply-pending.ts';
import { confirmAnnually } from './confirm-annually.ts';
import { disableAccount } from './disable.ts';
import { pauseProfile, unpauseProfile } from './pause.ts';
import { setPrivacy } from './privacy.ts';
import { createProfilesContext, type ProfilesServiceDeps } from './profiles.context.ts';
import { reachReview } from './review.ts';
import { saveSection } from './save-section.ts';
import { setProfileImage } from './set-image.ts';
import { submitAfterVerification, submitProfile } from './submit.ts';
import { getOwnProfile, ownProfileAnswer, viewProfile } from './views.ts';

export type { ExpertApprovedHook, ProfilesServiceDeps } from './profiles.context.ts';

/**
 * The profiles service: wizard saves, publishing lifecycle, account states, pictures and profile pages. Each
 * method is one use case, in the file named for it (save-section.ts, submit.ts, admin-review.ts, …), given the
 * context built here once.
 */
export function createProfilesService(deps: ProfilesServiceDeps) {
  const ctx = createProfilesContext(deps);
  const use = bindContext(ctx);

  return {
    getOwn: use(getOwnProfile),
    ownAnswer: use(ownProfileAnswer),
    saveSection: use(saveSection),
    applyPendingChanges: use(applyPendingChanges),
    reachReview: use(reachReview),
    setImage: use(setProfileImage),
    submit: use(submitProfile),
    submitAfterVerification: use(submitAfterVerification) satisfies EmailVerifiedHook,
    pause: use(pauseProfile),
    unpause: use(unpauseProfile),
    disable: use(disableAccount),
    setPrivacy: use(setPrivacy),
    confirmAnnually: use(confirmAnnually),
    view: use(viewProfile),
    // Admin
    listMembers: use(listMembers),
    getForAdmin: use(getForAdmin),
    approve: use(approveExpert),
    publish: use(publishCompany),
    setVerified: use(setVerified),
    deactivate: use(deactivateMember),
    activate: use(activateMember),
    unpublish: use(unpublishProfile),
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
