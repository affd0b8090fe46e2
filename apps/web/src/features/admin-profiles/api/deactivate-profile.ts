import { OwnProfileResponseSchema } from '@intergen/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useAdminProfileChanged } from './get-admin-profile';

/** POST /api/admin/profiles/:id/deactivate {reason}: deactivates a member; their sessions end at once. */
export function deactivateProfile({ id, reason }: { id: string; reason: string }) {
  return apiRequest(`/api/admin/profiles/${encodeURIComponent(id)}/deactivate`, {
    method: 'POST',
    body: { reason },
    schema: OwnProfileResponseSchema,
  });
}

export function useDeactivateProfile() {
  const changed = useAdminProfileChanged();
  return useMutation({ mutationFn: deactivateProfile, onSuccess: changed });
}
