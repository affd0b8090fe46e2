import type { ProfileView } from '@intergen/contracts';
import { networkTexts } from '@intergen/domain';
import { Outlet } from 'react-router';
import {
  ConnectionBanners,
  ConnectionNoticesProvider,
  ConnectionsToReview,
  ProfileConnectionActions,
  ReceivedRequests,
  SentRequests,
  YourConnections,
} from '../../features/connections';
import { trackEvent } from '../../features/matching';
import { MyNetworkPage, NetworkProfileActions } from '../../features/network';
import { useUser } from '../../lib/session';
import { CommunityTabGate } from './community-tab-gate';

const viewedFromCard = (profileId: string) =>
  trackEvent({ type: 'VIEW_PROFILE_FROM_CARD', targetId: profileId });

/**
 * `/my-network` (spec 000 §2): the network feature's page, lent the connections feature's received and sent
 * connection requests (Requests) and connections with their reviews (an expert's Ventures, a company's Advisors).
 */
export function MyNetworkRoute() {
  return (
    <CommunityTabGate>
      <ConnectionNoticesProvider>
        <ConnectionBanners />
        <MyNetworkPage
          connectionRequests={
            <>
              <ReceivedRequests onViewProfile={viewedFromCard} />
              <SentRequests onViewProfile={viewedFromCard} />
            </>
          }
          connections={
            <>
              <ConnectionsToReview
                title={networkTexts.reviewRecentConnections}
                onViewProfile={viewedFromCard}
              />
              <YourConnections onViewProfile={viewedFromCard} reviewedOnly />
            </>
          }
        />
        <Outlet />
      </ConnectionNoticesProvider>
    </CommunityTabGate>
  );
}

/**
 * The side card's buttons on another member's profile: between two experts, add-to-network (spec 001 §6:
 * experts do not use Connect with experts); otherwise the connection buttons (`suggestionId` for Connect).
 */
export function MemberProfileActions({
  profile,
  suggestionId,
}: {
  profile: ProfileView;
  suggestionId?: string | null;
}) {
  const viewer = useUser();
  if (viewer?.kind === 'expert' && profile.kind === 'expert') {
    return <NetworkProfileActions profileId={profile.id} />;
  }
  return <ProfileConnectionActions profileId={profile.id} name={profile.name} suggestionId={suggestionId} />;
}
