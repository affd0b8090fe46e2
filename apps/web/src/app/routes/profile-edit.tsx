import { ChangePasswordButton } from '../../features/auth/components/change-password-modal';
import { ProfileEditPage } from '../../features/profile/routes/profile-pages';

/** `/profile/edit`: the profile feature's page with the auth feature's Change Password in its Account section. */
export function ProfileEditRoute() {
  return <ProfileEditPage account={<ChangePasswordButton />} />;
}
