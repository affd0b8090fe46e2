import type { ConnectionRequest } from '@intergen/contracts';
import { connectionTimings } from '@intergen/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { postConnectionAction } from './connection-action';

/** POST /api/connections/:id/accept: the two become connected and see each other's contact details. */
export function acceptRequest(request: Pick<ConnectionRequest, 'id'>) {
  return postConnectionAction(request.id, 'accept');
}

/**
 * Accepts; `onAccepted` runs first, in the mutation's own callback: the live update of the accept can remove
 * the card (and the button that called `mutate`) before the answer arrives, and a `mutate(…, { onSuccess })`
 * of an unmounted caller never runs. Then the buckets and every profile page (contact details now shown) are read again. The button's
 * loader covers the answer and then waits for that refresh at most `acceptLoadingMs` (spec 001 §9: accept
 * loading 1 s), so the card moves on as soon as the lists are fresh and never hangs on a slow one.
 */
export function useAcceptRequest({ onAccepted }: { onAccepted?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptRequest,
    onSuccess: async () => {
      onAccepted?.();
      const refreshed = Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.connections }),
        queryClient.invalidateQueries({ queryKey: queryKeys.profiles.all }),
      ]);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const longest = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, connectionTimings.acceptLoadingMs);
      });
      await Promise.race([refreshed, longest]);
      clearTimeout(timer);
    },
  });
}
