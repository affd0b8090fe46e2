import { OwnProfileResponseSchema } from '@intergen/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useAdminProfileChanged } from './get-admin-profile';

/** POST /api/admin/profiles/:id/publish: publishes a complete company profile. */
export function publishProfile(id: string) {
  return apiRequest(`/api/admin/profiles/${encodeURIComponent(id)}/publish`, {
    method: 'POST',
    schema: OwnProfileResponseSchema,
  });
}

export function usePublishProfile() {
  const changed = useAdminProfileChanged();
  return useMutation({ mutationFn: publishProfile, onSuccess: changed });
}
