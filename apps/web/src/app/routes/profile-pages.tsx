import { routes } from '@intergen/domain';
import type { ReactNode } from 'react';
import { DashboardRoute } from '../../features/dashboard/routes/dashboard';
import { MyNetworkRoute } from '../../features/network/routes/network-pages';
import { ProfileModal } from '../../features/profile-view';
import { ExpertCommunityGate, VentureCommunityGate } from './community';

export { OwnProfileRoute, ViewProfileRoute } from '../../features/profile-view';

/** A base page with a profile opened over it; closing the profile returns to the base route. */
function WithProfileModal({ base, baseRoute }: { base: ReactNode; baseRoute: string }) {
  return (
    <>
      {base}
      <ProfileModal baseRoute={baseRoute} />
    </>
  );
}

/** `/dashboard/:profileId` */
export function DashboardProfileRoute() {
  return <WithProfileModal base={<DashboardRoute />} baseRoute={routes.dashboard} />;
}

/** `/my-network/:profileId` */
export function MyNetworkProfileRoute() {
  return <WithProfileModal base={<MyNetworkRoute />} baseRoute={routes.myNetwork} />;
}

/** `/expert-community/:profileId` (the community gate applies to the whole page). */
export function ExpertCommunityProfileRoute() {
  return <WithProfileModal base={<ExpertCommunityGate />} baseRoute={routes.expertCommunity} />;
}

/** `/venture-community/:profileId` */
export function VentureCommunityProfileRoute() {
  return <WithProfileModal base={<VentureCommunityGate />} baseRoute={routes.ventureCommunity} />;
}
