import { routes } from '@intergen/domain';
import { MyNetworkRoute } from './my-network';
import { WithProfileModal } from './with-profile-modal';

export { OwnProfileRoute, ViewProfileRoute } from '../../features/profile-view';

/** `/my-network/:profileId` */
export function MyNetworkProfileRoute() {
  return <WithProfileModal base={<MyNetworkRoute />} baseRoute={routes.myNetwork} />;
}
