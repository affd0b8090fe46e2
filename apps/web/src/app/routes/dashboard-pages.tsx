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
import { RecommendedSuggestions, ScoreRing, trackEvent, WhyThisMatchToggle } from '../../features/matching';

const viewedFromCard = (profileId: string) =>
  trackEvent({ type: 'VIEW_PROFILE_FROM_CARD', targetId: profileId });
const dismissedFromDashboard = (profileId: string) =>
  trackEvent({ type: 'DISMISS_CARD', targetId: profileId, tab: 'dashboard' });

/**
 * `/dashboard`: Welcome Back with the banners, the review prompt, the recommended connections (with their
 * Connect buttons), the received and sent requests and the connections. `/dashboard/:profileId` is a child
 * route (dashboard-profile.tsx, loaded when opened): its profile modal opens over the dashboard without reloading it.
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
