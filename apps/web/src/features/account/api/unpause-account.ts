import { OwnProfileResponseSchema } from '@intergen/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useAccountChanged } from './get-own-profile';

/** POST /api/profiles/me/unpause: publishes a paused profile again. */
export function unpauseAccount() {
  return apiRequest('/api/profiles/me/unpause', { method: 'POST', schema: OwnProfileResponseSchema });
}

export function useUnpauseAccount() {
  const changed = useAccountChanged();
  return useMutation({ mutationFn: unpauseAccount, onSuccess: ({ profile }) => changed(profile) });
}
