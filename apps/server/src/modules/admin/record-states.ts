import type { AdminRequestState, AdminSuggestionState } from '@intergen/contracts';
import type { NetworkRequestStatus } from '@intergen/domain';
import type { connectionRequests, matchSuggestions } from '../../db/schema.ts';

/**
 * The states the admin's records and a member's page tell of a suggestion or a request, derived from the stored
 * flags. The records' read model filters by the same states in SQL (`records.read-model.ts`), so the two are
 * kept side by side in the order the contract names them.
 */

/** A suggestion's state, in the order the contract names: requested, dismissed by the expert, by the company. */
export function suggestionStateOf(
  s: Pick<typeof matchSuggestions.$inferSelect, 'requestSent' | 'notInterested' | 'notInterestedByCompany'>,
): AdminSuggestionState {
  if (s.requestSent) return 'requested';
  if (s.notInterested) return 'dismissedByExpert';
  if (s.notInterestedByCompany) return 'dismissedByCompany';
  return 'open';
}

/**
 * A connection request's state: closed, else connected (accepted), else declined (not interested), else
 * dismissed, else held (its expert awaits approval), else open. A cancelled request is deleted, so never one.
 */
export function connectionStateOf(
  r: Pick<
    typeof connectionRequests.$inferSelect,
    'closed' | 'accepted' | 'notInterested' | 'dismissed' | 'isPending'
  >,
): AdminRequestState {
  if (r.closed) return 'closed';
  if (r.accepted) return 'connected';
  if (r.notInterested) return 'declined';
  if (r.dismissed) return 'dismissed';
  if (r.isPending) return 'held';
  return 'open';
}

/** A My Network request's state, in the admin lists' words: requesting is open. */
export const networkStateOfStatus: Readonly<Record<NetworkRequestStatus, AdminRequestState>> = {
  requesting: 'open',
  connected: 'connected',
  declined: 'declined',
  cancelled: 'cancelled',
};

/** The stored status behind an admin state (null: no My Network request is ever in it). */
export function networkStatusOfState(state: AdminRequestState): NetworkRequestStatus | null {
  const found = Object.entries(networkStateOfStatus).find(([, s]) => s === state);
  return (found?.[0] as NetworkRequestStatus | undefined) ?? null;
}
