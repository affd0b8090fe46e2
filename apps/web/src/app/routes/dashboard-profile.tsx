import type { ProfileView } from '@intergen/contracts';
import { routes } from '@intergen/domain';
import { useSuggestions } from '../../features/matching';
import { ProfileModal } from '../../features/profile-view';
import { MemberProfileActions } from './my-network';

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
