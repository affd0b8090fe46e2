import { Navigate, useParams } from 'react-router';
import { AdminProfileRoute } from '../../features/admin-profiles';
import { ownProfileToView, ProfileDetails } from '../../features/profile-view';

import { adminProfilePath } from '../../lib/paths';

/** `/admin/members/:id`: the admin's status panel over the profile page's own component. */
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

/** `/admin/profiles/:id`, the member's page before the Members console: the same page at its new address. */
export function LegacyAdminProfileRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={adminProfilePath(id)} replace />;
}
