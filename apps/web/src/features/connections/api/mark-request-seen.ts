import type { ConnectionRequest } from '@intergen/contracts';
import { postConnectionAction } from './connection-action';

/**
 * POST /api/connections/:id/seen when a received request is shown. Fire and forget: nothing on screen
 * depends on it, and a failure changes nothing the member can see. Each call starts in a task of its own: a
 * carousel's cards appear together, and fifty calls started in one task held the main thread (issue 15).
 */
export function markRequestSeen(request: Pick<ConnectionRequest, 'id'>): void {
  setTimeout(() => {
    postConnectionAction(request.id, 'seen').catch(() => {});
  }, 0);
}
