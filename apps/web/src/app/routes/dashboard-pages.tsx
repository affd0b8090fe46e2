import { connectionRequestTexts, suggestionTexts } from '@intergen/domain';
import { Skeleton, Stack } from '@mantine/core';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { useSlidesPerView } from '../../components/card-carousel';
import { SeeAllLink } from '../../components/community-link';
import { MemberCardsLoading } from '../../components/member-card';
import {
  ConnectButton,
  ConnectionBanners,
  ConnectionNoticesProvider,
  ReceivedRequests,
  ReviewPrompt,
  SentRequests,
  useConnections,
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
import { usePublicConfig } from '../../lib/config';
import { useReadyInTransition } from '../../lib/ready-in-transition';
import { useSignedInUser } from '../../lib/session';

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
  // The sections appear together, once both lists are in: the review prompt on top and the cards of each list
  // arriving one after the other had pushed what was below them down the screen (a layout shift of
  // 0.65–0.77 with full lists, bench/dashboard.bench.ts). A failed list shows its own error in its section.
  const suggestions = useSuggestions();
  const connections = useConnections();
  // The settings too: how many cards a row shows depends on the community tab (useSlidesPerView). The sections
  // render in a transition, in slices, not in one long task of three rows of cards (lib/ready-in-transition.ts).
  const config = usePublicConfig();
  const settled = useReadyInTransition(suggestions.isPending || connections.isPending || config.isPending);
  // Once shown, the sections stay: a section mounting over a failed list asks again (the list is pending again),
  // and going back to the skeletons would unmount it and start over, without end.
  const [shown, setShown] = useState(settled);
  if (settled && !shown) setShown(true);
  return (
    <ConnectionNoticesProvider>
      <DashboardPage banners={<ConnectionBanners />}>
        {shown ? <DashboardSections /> : <DashboardLoading />}
      </DashboardPage>
      <Outlet />
    </ConnectionNoticesProvider>
  );
}

/** The dashboard's three card rows as skeletons, each about as tall as the row of cards that replaces it. */
function DashboardLoading() {
  const slides = useSlidesPerView();
  const rows = [
    { key: 'suggestions', label: suggestionTexts.loading },
    { key: 'received', label: connectionRequestTexts.loading },
    { key: 'connections', label: connectionRequestTexts.loading },
  ];
  return rows.map(({ key, label }) => (
    <Stack gap="md" key={key}>
      <Skeleton height={28} width={240} radius="sm" />
      <MemberCardsLoading label={label} count={slides} />
    </Stack>
  ));
}

/** Welcome Back's sections, in the spec's order. */
function DashboardSections() {
  // Recommended ventures lead into the venture community, recommended advisors into the expert community.
  const counterparts = useSignedInUser().kind === 'company' ? 'experts' : 'ventures';
  return (
    <>
      <ReviewPrompt />
      <RecommendedSuggestions
        headingAction={<SeeAllLink list={counterparts} />}
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
    </>
  );
}
