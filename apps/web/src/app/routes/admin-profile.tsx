import { AdminProfileRoute } from '../../features/admin-profiles';
import { ownProfileToView, ProfileDetails } from '../../features/profile-view';

/** `/admin/profiles/:id`: the admin's status panel over the profile page's own component. */
export function AdminProfileDetailRoute() {
  return (
    <AdminProfileRoute
      renderProfile={(profile) => (
        <ProfileDetails
          profile={ownProfileToView(profile, { isOwn: false })}
          variant="embedded"
          sectionOrder={2}
        />
      )}
    />
  );
}

export { AdminProfilesRoute } from '../../features/admin-profiles';
