import { navigationTexts, networkTexts as t } from '@intergen/domain';
import { PlaceholderPage } from '../../../components/page';

/**
 * `/my-network` (spec 000 §2). The page exists so that the header's link, the allowed redirects and the
 * profiles opened over it (`/my-network/:profileId`) have somewhere to land; until its sections are built it
 * says so rather than pretending.
 */
export function MyNetworkRoute() {
  return <PlaceholderPage title={navigationTexts.myNetwork} note={t.myNetworkNotBuilt} />;
}

/** `/expert-community`, behind the community-tab flag; a landing for the profiles opened over it, as above. */
export function ExpertCommunityRoute() {
  return <PlaceholderPage title={t.expertCommunityTitle} note={t.communityNotBuilt} />;
}

/** `/venture-community`, behind the community-tab flag; a landing for the profiles opened over it, as above. */
export function VentureCommunityRoute() {
  return <PlaceholderPage title={t.ventureCommunityTitle} note={t.communityNotBuilt} />;
}
