import { OwnProfileResponseSchema } from '@intergen/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useAdminProfileChanged } from './get-admin-profile';

/** POST /api/admin/profiles/:id/verify: marks an expert verified. */
export function verifyProfile(id: string) {
  return apiRequest(`/api/admin/profiles/${encodeURIComponent(id)}/verify`, {
    method: 'POST',
    schema: OwnProfileResponseSchema,
  });
}

export function useVerifyProfile() {
  const changed = useAdminProfileChanged();
  return useMutation({ mutationFn: verifyProfile, onSuccess: changed });
}
