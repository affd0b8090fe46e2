import type { ProfileView } from '@intergen/contracts';
import { routes } from '@intergen/domain';
import { useSuggestions } from '../../features/matching';
import { ProfileModal } from '../../features/profile-view';
import { MemberProfileActions } from './my-network';

/**
 * The side card's connection buttons: Connect needs the open suggestion with that member, if any (once the
 * suggestions are in, the buttons say why there is no Connect without one; not before).
 */
function DashboardProfileActions({ profile }: { profile: ProfileView }) {
  const suggestions = useSuggestions().data;
  const suggestion = suggestions?.find((s) => s.counterpart.id === profile.id && !s.requestSent);
  return (
    <MemberProfileActions
      profile={profile}
      suggestionId={suggestions ? (suggestion?.id ?? null) : undefined}
    />
  );
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
