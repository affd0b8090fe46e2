import type { ReactNode } from 'react';
import { ProfileModal } from '../../features/profile-view';

/** A base page with a profile opened over it; closing the profile returns to the base route. */
export function WithProfileModal({ base, baseRoute }: { base: ReactNode; baseRoute: string }) {
  return (
    <>
      {base}
      <ProfileModal baseRoute={baseRoute} />
    </>
  );
}
