import { routes } from '@intergen/domain';
import { MyNetworkRoute } from './my-network';
import { WithProfileModal } from './with-profile-modal';

/** `/my-network/:profileId`: a profile over My Network (its own module: the profile pages do not load My Network). */
export function MyNetworkProfileRoute() {
  return <WithProfileModal base={<MyNetworkRoute />} baseRoute={routes.myNetwork} />;
}
