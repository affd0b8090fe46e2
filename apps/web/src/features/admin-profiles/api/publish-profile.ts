import { useMutation } from '@tanstack/react-query';
import { useAdminProfileChanged } from './get-admin-profile';
import { postProfileAction } from './profile-action';

/** POST /api/admin/profiles/:id/publish: publishes a complete company profile. */
export function publishProfile(id: string) {
  return postProfileAction(id, 'publish');
}

export function usePublishProfile() {
  const changed = useAdminProfileChanged();
  return useMutation({ mutationFn: publishProfile, onSuccess: changed });
}
