import type { ProfileView } from '@intergen/contracts';
import { routes } from '@intergen/domain';
import { Outlet } from 'react-router';
import {
  ConnectButton,
  ConnectionBanners,
  ConnectionNoticesProvider,
  ReceivedRequests,
  ReviewPrompt,
  SentRequests,
  YourConnections,
} from '../../features/connections';
import { DashboardRoute as DashboardPage } from '../../features/dashboard';
import {
  RecommendedSuggestions,
  ScoreRing,
  trackEvent,
  useSuggestions,
  WhyThisMatchToggle,
} from '../../features/matching';
import { ProfileModal } from '../../features/profile-view';
import { MemberProfileActions } from './my-network';

const viewedFromCard = (profileId: string) =>
  trackEvent({ type: 'VIEW_PROFILE_FROM_CARD', targetId: profileId });
const dismissedFromDashboard = (profileId: string) =>
  trackEvent({ type: 'DISMISS_CARD', targetId: profileId, tab: 'dashboard' });

/**
 * `/dashboard`: Welcome Back with the banners, the review prompt, the recommended connections (with their
 * Connect buttons), the received and sent requests and the connections. `/dashboard/:profileId` is a child
 * route: its profile modal opens over the dashboard without reloading it.
 */
export function DashboardRoute() {
  return (
    <ConnectionNoticesProvider>
      <DashboardPage banners={<ConnectionBanners />}>
        <ReviewPrompt />
        <RecommendedSuggestions
          renderConnect={(suggestion, headingId) => (
            <ConnectButton
              suggestionId={suggestion.id}
              name={suggestion.counterpart.name}
              requestSent={suggestion.requestSent}
              describedBy={headingId}
            />
          )}
        />
        <ReceivedRequests
          renderScore={(explanation) => <ScoreRing score={explanation.score} size={60} />}
          renderWhy={(explanation, name) => <WhyThisMatchToggle explanation={explanation} name={name} />}
          onViewProfile={viewedFromCard}
          onCleared={dismissedFromDashboard}
        />
        <SentRequests onViewProfile={viewedFromCard} />
        <YourConnections onViewProfile={viewedFromCard} />
      </DashboardPage>
      <Outlet />
    </ConnectionNoticesProvider>
  );
}

/** The side card's connection buttons: Connect needs the open suggestion with that member, if any. */
function DashboardProfileActions({ profile }: { profile: ProfileView }) {
  const suggestion = useSuggestions().data?.find((s) => s.counterpart.id === profile.id && !s.requestSent);
  return <MemberProfileActions profile={profile} suggestionId={suggestion?.id} />;
}

/** `/dashboard/:profileId`: a profile over the dashboard; closing returns to the dashboard. */
export function DashboardProfileModal() {
  return (
    <ProfileModal
      baseRoute={routes.dashboard}
      actions={(profile) => <DashboardProfileActions profile={profile} />}
    />
  );
}
