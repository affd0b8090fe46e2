import type { OwnProfileResponseSchema } from '@intergen/contracts';
import { useMutation } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api-client';
import { useOwnProfileChanged } from '../../../lib/own-profile';
import { raiseSessionFlag } from '../components/session-flags';

/** POST /api/profiles/me/unpause: publishes a paused profile again. */
export function unpauseAccount() {
  return apiRequest<Answer<typeof OwnProfileResponseSchema>>('/api/profiles/me/unpause', { method: 'POST' });
}

/**
 * Raises the welcome-back flag here, in the mutation's own callback: reading the session again unmounts the
 * paused banner and the dialog inside it, and a `mutate(…, { onSuccess })` of an unmounted caller never runs.
 */
export function useUnpauseAccount() {
  const changed = useOwnProfileChanged();
  return useMutation({
    mutationFn: unpauseAccount,
    onSuccess: ({ profile }) => {
      raiseSessionFlag('welcomeBack', profile.id);
      return changed(profile);
    },
  });
}
