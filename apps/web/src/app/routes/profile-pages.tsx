import { routes } from '@intergen/domain';
import { MyNetworkRoute } from '../../features/network';
import { ExpertCommunityGate, VentureCommunityGate } from './community';
import { WithProfileModal } from './with-profile-modal';

export { OwnProfileRoute, ViewProfileRoute } from '../../features/profile-view';

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
