import { useMutation } from '@tanstack/react-query';
import { useAdminProfileChanged } from './get-admin-profile';
import { postProfileAction } from './profile-action';

/** POST /api/admin/profiles/:id/activate: reactivates a deactivated member. */
export function activateProfile(id: string) {
  return postProfileAction(id, 'activate');
}

export function useActivateProfile() {
  const changed = useAdminProfileChanged();
  return useMutation({ mutationFn: activateProfile, onSuccess: changed });
}
