import type { ProfileView } from '@intergen/contracts';
import { routes } from '@intergen/domain';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ProfileConnectionActions } from '../../features/connections';
import { useSuggestions } from '../../features/matching';
import { NetworkProfileActions } from '../../features/network';
import { ProfileModal } from '../../features/profile-view';
import { useSignedInUser } from '../../lib/session';

/**
 * A profile opened over a community list (`/expert-community/:profileId`, `/venture-community/:profileId`): child
 * routes of the lists (community.tsx), in a module of their own so that a list's first load has no dialog.
 */

/**
 * The side card's connection buttons between an expert and a company: Connect needs an open suggestion (not
 * known until the suggestions are in, so that the line saying why there is no Connect does not flash first).
 */
function ConnectionActions({ profile }: { profile: ProfileView }) {
  const suggestions = useSuggestions().data;
  const suggestion = suggestions?.find((s) => s.counterpart.id === profile.id && !s.requestSent);
  return (
    <ProfileConnectionActions
      profileId={profile.id}
      name={profile.name}
      suggestionId={suggestions ? (suggestion?.id ?? null) : undefined}
    />
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
