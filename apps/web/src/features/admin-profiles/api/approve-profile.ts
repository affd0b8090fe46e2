import { useMutation } from '@tanstack/react-query';
import { useAdminProfileChanged } from './get-admin-profile';
import { postProfileAction } from './profile-action';

/** POST /api/admin/profiles/:id/approve: approves an expert: published with today's date. */
export function approveProfile(id: string) {
  return postProfileAction(id, 'approve');
}

export function useApproveProfile() {
  const changed = useAdminProfileChanged();
  return useMutation({ mutationFn: approveProfile, onSuccess: changed });
}
