import { OwnProfileResponseSchema } from '@intergen/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useAdminProfileChanged } from './get-admin-profile';

/** POST /api/admin/profiles/:id/approve: approves an expert: published with today's date. */
export function approveProfile(id: string) {
  return apiRequest(`/api/admin/profiles/${encodeURIComponent(id)}/approve`, {
    method: 'POST',
    schema: OwnProfileResponseSchema,
  });
}

export function useApproveProfile() {
  const changed = useAdminProfileChanged();
  return useMutation({ mutationFn: approveProfile, onSuccess: changed });
}
