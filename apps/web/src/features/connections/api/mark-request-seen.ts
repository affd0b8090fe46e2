import {
  type ConnectionRequest,
  type ConnectionsSeenResponseSchema,
  seenBatchMaximum,
} from '@intergen/contracts';
import { type Answer, apiRequest } from '../../../lib/api-client';

/** The requests shown since the last call, and the call that will carry them. */
const shown = new Set<string>();
let sending = false;

/**
 * How long the requests shown are gathered into one call: a row's cards come in a render or two (the carousel
 * renders the cards in view first, then the rest), and nothing on screen waits for the call.
 */
const gatherMs = 100;

/**
 * Tells the server a received request was shown: POST /api/connections/seen with every request shown within
 * `gatherMs`, one call for a row of cards (there were fifty calls for fifty cards, each a request of its own
 * through the whole stack). Fire and forget: nothing on screen depends on it, and a failure changes
 * nothing the member can see (the request shows as new again next time, and is marked then).
 */
export function markRequestSeen(request: Pick<ConnectionRequest, 'id'>): void {
  shown.add(request.id);
  if (sending) return;
  sending = true;
  setTimeout(() => {
    sending = false;
    const ids = [...shown];
    shown.clear();
    for (let from = 0; from < ids.length; from += seenBatchMaximum) {
      apiRequest<Answer<typeof ConnectionsSeenResponseSchema>>('/api/connections/seen', {
        method: 'POST',
        body: { ids: ids.slice(from, from + seenBatchMaximum) },
      }).catch(() => {});
    }
  }, gatherMs);
}
