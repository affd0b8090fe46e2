import type { ConnectionRequest } from '@intergen/contracts';
import { useMutation } from '@tanstack/react-query';
import { postConnectionAction } from './connection-action';

/** POST /api/connections/:id/dismiss: `Clear from dashboard` on a received request. */
export function dismissRequest(request: Pick<ConnectionRequest, 'id'>) {
  return postConnectionAction(request.id, 'dismiss');
}

/** Clears a received request; the card fades and leaves the list itself (see RequestCard). */
export function useDismissRequest() {
  return useMutation({ mutationFn: dismissRequest });
}
