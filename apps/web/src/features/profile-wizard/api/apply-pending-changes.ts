import type { OwnProfileResponseSchema } from '@intergen/contracts';
import { useMutation } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { useOwnProfileChanged } from '../../../lib/own-profile';

/** POST /api/profiles/me/update: applies the pending edits of a published profile (refused under 100 %). */
export function applyPendingChanges() {
  return apiRequest<Answer<typeof OwnProfileResponseSchema>>('/api/profiles/me/update', { method: 'POST' });
}

/** Applies the pending edits; the session and every cached profile page are read again. */
export function useApplyPendingChanges() {
  const changed = useOwnProfileChanged();
  return useMutation({ mutationFn: applyPendingChanges, onSuccess: ({ profile }) => changed(profile) });
}
