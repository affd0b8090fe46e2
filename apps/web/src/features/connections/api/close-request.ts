import type { ConnectionRequest } from '@intergen/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postConnectionAction } from './connection-action';
import { connectionsQueryKey } from './get-connections';

/** POST /api/connections/:id/close: the review was closed without submitting (closed as not rated). */
export function closeRequest(request: Pick<ConnectionRequest, 'id'>) {
  return postConnectionAction(request.id, 'close');
}

/** Closes a connection; failures are silent (spec 001 §8: other connection actions fail silently). */
export function useCloseRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionsQueryKey }),
  });
}
