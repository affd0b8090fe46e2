import type { ReactNode } from 'react';
import { ProfileModal } from '../../features/profile-view';
import { MemberProfileActions } from './my-network';

/**
 * A base page with a profile opened over it, with the member's buttons (add-to-network between experts, else the
 * connection buttons); closing the profile returns to the base route.
 */
export function WithProfileModal({ base, baseRoute }: { base: ReactNode; baseRoute: string }) {
  return (
    <>
      {base}
      <ProfileModal baseRoute={baseRoute} actions={(profile) => <MemberProfileActions profile={profile} />} />
    </>
  );
}
