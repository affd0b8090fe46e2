import { useMutation } from '@tanstack/react-query';
import { useAdminProfileChanged } from './get-admin-profile';
import { postProfileAction } from './profile-action';

/** POST /api/admin/profiles/:id/unpublish {reason}: takes a profile off the community with a reason. */
export function unpublishProfile({ id, reason }: { id: string; reason: string }) {
  return postProfileAction(id, 'unpublish', { reason });
}

export function useUnpublishProfile() {
  const changed = useAdminProfileChanged();
  return useMutation({ mutationFn: unpublishProfile, onSuccess: changed });
}
