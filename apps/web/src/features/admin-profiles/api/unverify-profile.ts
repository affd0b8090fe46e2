import { useMutation } from '@tanstack/react-query';
import { useAdminProfileChanged } from './get-admin-profile';
import { postProfileAction } from './profile-action';

/** POST /api/admin/profiles/:id/unverify: removes an expert's verified mark. */
export function unverifyProfile(id: string) {
  return postProfileAction(id, 'unverify');
}

export function useUnverifyProfile() {
  const changed = useAdminProfileChanged();
  return useMutation({ mutationFn: unverifyProfile, onSuccess: changed });
}
