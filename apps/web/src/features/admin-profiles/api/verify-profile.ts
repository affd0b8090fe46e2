import { useMutation } from '@tanstack/react-query';
import { useAdminProfileChanged } from './get-admin-profile';
import { postProfileAction } from './profile-action';

/** POST /api/admin/profiles/:id/verify: marks an expert verified. */
export function verifyProfile(id: string) {
  return postProfileAction(id, 'verify');
}

export function useVerifyProfile() {
  const changed = useAdminProfileChanged();
  return useMutation({ mutationFn: verifyProfile, onSuccess: changed });
}
