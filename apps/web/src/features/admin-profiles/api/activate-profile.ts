import { OwnProfileResponseSchema } from '@intergen/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useAdminProfileChanged } from './get-admin-profile';

/** POST /api/admin/profiles/:id/activate: reactivates a deactivated member. */
export function activateProfile(id: string) {
  return apiRequest(`/api/admin/profiles/${encodeURIComponent(id)}/activate`, {
    method: 'POST',
    schema: OwnProfileResponseSchema,
  });
}

export function useActivateProfile() {
  const changed = useAdminProfileChanged();
  return useMutation({ mutationFn: activateProfile, onSuccess: changed });
}
