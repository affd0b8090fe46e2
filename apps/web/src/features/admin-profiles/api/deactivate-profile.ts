import { useMutation } from '@tanstack/react-query';
import { useAdminProfileChanged } from './get-admin-profile';
import { postProfileAction } from './profile-action';

/** POST /api/admin/profiles/:id/deactivate {reason}: deactivates a member; their sessions end at once. */
export function deactivateProfile({ id, reason }: { id: string; reason: string }) {
  return postProfileAction(id, 'deactivate', { reason });
}

export function useDeactivateProfile() {
  const changed = useAdminProfileChanged();
  return useMutation({ mutationFn: deactivateProfile, onSuccess: changed });
}
