import type { MatchingListItem } from '@intergen/contracts';
import { useEffect, useRef } from 'react';
import { Outlet } from 'react-router';
import { CommunityPage } from '../../features/community';
import { ConnectionNoticesProvider } from '../../features/connections';
import { ScoreRing, StrongMatchBadge, trackEvent } from '../../features/matching';
import { CommunityTabGate as CommunityGate } from './community-tab-gate';

const viewedFromCard = (profileId: string) =>
  trackEvent({ type: 'VIEW_PROFILE_FROM_CARD', targetId: profileId });

/** A card's score ring and, from 80, the strong-match badge (DESIGN.md §4); nothing without a score. */
function cardScore(item: MatchingListItem) {
  if (item.score === null) return null;
  return (
    <>
      <ScoreRing score={item.score} size={60} />
      {item.strong ? <StrongMatchBadge score={item.score} /> : null}
    </>
  );
}

/**
 * `/expert-community`: the advisors, with the profiles opened over them as child routes (`<Outlet/>`) so the
 * list, its filters and its scroll position stay. Entering it tracks EXPLORE_EXPERT_COMMUNITY once per visit.
 */
export function ExpertCommunityGate() {
  return (
    <CommunityGate>
      <ExploreTracked />
      <ConnectionNoticesProvider>
        <CommunityPage kind="expert" renderScore={cardScore} onViewProfile={viewedFromCard} />
        <Outlet />
      </ConnectionNoticesProvider>
    </CommunityGate>
  );
}

/** Tracks EXPLORE_EXPERT_COMMUNITY once while the page stays (profiles opened over it are the same visit). */
function ExploreTracked() {
  const tracked = useRef(false);
  useEffect(() => {
    if (tracked.current) return;
    tracked.current = true;
    trackEvent({ type: 'EXPLORE_EXPERT_COMMUNITY' });
  }, []);
  return null;
}

/** `/venture-community`: the ventures, for business advisors only (a company is told so). */
export function VentureCommunityGate() {
  return (
    <CommunityGate>
      <ConnectionNoticesProvider>
        <CommunityPage kind="venture" renderScore={cardScore} onViewProfile={viewedFromCard} />
        <Outlet />
      </ConnectionNoticesProvider>
    </CommunityGate>
  );
}
