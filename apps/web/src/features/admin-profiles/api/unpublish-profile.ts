import { OwnProfileResponseSchema } from '@intergen/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useAdminProfileChanged } from './get-admin-profile';

/** POST /api/admin/profiles/:id/unpublish {reason}: takes a profile off the community with a reason. */
export function unpublishProfile({ id, reason }: { id: string; reason: string }) {
  return apiRequest(`/api/admin/profiles/${encodeURIComponent(id)}/unpublish`, {
    method: 'POST',
    body: { reason },
    schema: OwnProfileResponseSchema,
  });
}

export function useUnpublishProfile() {
  const changed = useAdminProfileChanged();
  return useMutation({ mutationFn: unpublishProfile, onSuccess: changed });
}
