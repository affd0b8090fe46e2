import type { ConnectionRequest } from '@intergen/contracts';
import { postConnectionAction } from './connection-action';

/**
 * POST /api/connections/:id/seen when a received request is shown. Fire and forget: nothing on screen
 * depends on it, and a failure changes nothing the member can see.
 */
export function markRequestSeen(request: Pick<ConnectionRequest, 'id'>): void {
  postConnectionAction(request.id, 'seen').catch(() => {});
}
