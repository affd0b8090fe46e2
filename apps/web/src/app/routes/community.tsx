import type { MatchingListItem, ProfileView } from '@intergen/contracts';
import { routes, unknownPathTarget } from '@intergen/domain';
import { type ReactNode, useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { PageLoader } from '../../components/full-page-loader';
import { CommunityPage } from '../../features/community';
import { ConnectionNoticesProvider, ProfileConnectionActions } from '../../features/connections';
import { ScoreRing, StrongMatchBadge, trackEvent, useSuggestions } from '../../features/matching';
import { NetworkProfileActions } from '../../features/network';
import { ProfileModal } from '../../features/profile-view';
import { usePublicConfig } from '../../lib/config';
import { useSignedInUser } from '../../lib/session';

/** Community routes exist only when the community-tab flag is on (spec 000 §2). */
function CommunityGate({ children }: { children: ReactNode }) {
  const config = usePublicConfig();
  const user = useSignedInUser();
  if (config.isPending) return <PageLoader />;
  if (!config.data?.communityTab) return <Navigate to={unknownPathTarget(user)} replace />;
  return children;
}

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

/** The side card's connection buttons between an expert and a company: Connect needs an open suggestion. */
function ConnectionActions({ profile }: { profile: ProfileView }) {
  const suggestion = useSuggestions().data?.find((s) => s.counterpart.id === profile.id && !s.requestSent);
  return (
    <ProfileConnectionActions profileId={profile.id} name={profile.name} suggestionId={suggestion?.id} />
  );
}

interface CommunityProfileModalProps {
  baseRoute: string;
  /**
   * The buttons an expert gets on another expert's profile: My Network's `Add to network` (spec 001 §6: not
   * the connect button).
   */
  networkActions?: (profile: ProfileView) => ReactNode;
}

/**
 * A profile over a community list. Closing it goes back in the history when it was opened from the list (the
 * list's address, filters and scroll as they were), else to the list with the same query.
 */
function CommunityProfileModal({ baseRoute, networkActions }: CommunityProfileModalProps) {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const { search, state } = useLocation();
  const fromList = typeof state === 'object' && state !== null && 'overList' in state;
  const close = () => (fromList ? navigate(-1) : navigate(`${baseRoute}${search}`, { replace: true }));
  return (
    <ProfileModal
      baseRoute={baseRoute}
      onClose={close}
      actions={(profile) =>
        profile.kind === user.kind ? networkActions?.(profile) : <ConnectionActions profile={profile} />
      }
    />
  );
}

/** `/expert-community/:profileId` */
export function ExpertCommunityProfileModal() {
  return (
    <CommunityProfileModal
      baseRoute={routes.expertCommunity}
      networkActions={(profile) =>
        profile.kind === 'expert' ? <NetworkProfileActions profileId={profile.id} /> : null
      }
    />
  );
}

/** `/venture-community/:profileId` */
export function VentureCommunityProfileModal() {
  return <CommunityProfileModal baseRoute={routes.ventureCommunity} />;
}
