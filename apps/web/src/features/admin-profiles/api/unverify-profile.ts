import { OwnProfileResponseSchema } from '@intergen/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useAdminProfileChanged } from './get-admin-profile';

/** POST /api/admin/profiles/:id/unverify: removes an expert's verified mark. */
export function unverifyProfile(id: string) {
  return apiRequest(`/api/admin/profiles/${encodeURIComponent(id)}/unverify`, {
    method: 'POST',
    schema: OwnProfileResponseSchema,
  });
}

export function useUnverifyProfile() {
  const changed = useAdminProfileChanged();
  return useMutation({ mutationFn: unverifyProfile, onSuccess: changed });
}
