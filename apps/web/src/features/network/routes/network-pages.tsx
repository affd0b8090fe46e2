import { labels } from '@intergen/domain';
import { PlaceholderPage } from '../../../components/page';

/** `/my-network`: placeholder until My Network (a later issue). */
export function MyNetworkRoute() {
  return <PlaceholderPage title={labels.myNetwork} note="My Network arrives in a coming update." />;
}

/** `/expert-community`: placeholder until the communities (a later issue). */
export function ExpertCommunityRoute() {
  return <PlaceholderPage title="Expert Community" note="The community arrives in a coming update." />;
}

/** `/venture-community`: placeholder until the communities (a later issue). */
export function VentureCommunityRoute() {
  return <PlaceholderPage title="Venture Community" note="The community arrives in a coming update." />;
}
