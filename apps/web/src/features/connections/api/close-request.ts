import type { ConnectionRequest } from '@intergen/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { postConnectionAction } from './connection-action';

/**
 * POST /api/connections/:id/close: the member closes the connection without a review (closed as not rated); it
 * ends the member's own review prompt, never the other party's.
 */
export function closeRequest(request: Pick<ConnectionRequest, 'id'>) {
  return postConnectionAction(request.id, 'close');
}

/** Closes a connection for the member; the lists are read again either way. */
export function useCloseRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.connections }),
  });
}
