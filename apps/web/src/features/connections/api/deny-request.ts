import type { ConnectionRequest } from '@intergen/contracts';
import { useMutation } from '@tanstack/react-query';
import { postConnectionAction } from './connection-action';

/** POST /api/connections/:id/deny: not interested (the sender is not told). */
export function denyRequest(request: Pick<ConnectionRequest, 'id'>) {
  return postConnectionAction(request.id, 'deny');
}

/** Declines; the card says `Marked as not interested` and leaves the list itself (see RequestCard). */
export function useDenyRequest() {
  return useMutation({ mutationFn: denyRequest });
}
