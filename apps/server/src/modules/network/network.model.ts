import type { NetworkRequest } from '@intergen/contracts';
import { toMillis } from '../../lib/time.ts';
import { toProfileCard } from '../matching/index.ts';
import type { Counterpart } from '../members/index.ts';
import type { NetworkRow } from './network.repository.ts';

/** What a request's view is made of: its state, its shared company and its two experts. */
export type NetworkViewRow = Pick<
  NetworkRow,
  | 'id'
  | 'initiatorId'
  | 'recipientId'
  | 'status'
  | 'viaCompanyId'
  | 'companyName'
  | 'requestedAt'
  | 'respondedAt'
  | 'connectedOn'
>;

/** A request with the other expert as the members module shows them. */
export interface RowWithCounterpart {
  row: NetworkViewRow;
  counterpart: Pick<Counterpart, 'card' | 'contact'>;
}

/** The other expert of a request, seen by `meId`. */
export const otherIdOf = (r: Pick<NetworkRow, 'initiatorId' | 'recipientId'>, meId: string) =>
  r.initiatorId === meId ? r.recipientId : r.initiatorId;

/** A request as one of its experts sees it: the contact details of the other only once connected. */
export function toNetworkView({ row: r, counterpart }: RowWithCounterpart, meId: string): NetworkRequest {
  const contact = counterpart.contact;
  return {
    id: r.id,
    status: r.status,
    direction: r.initiatorId === meId ? 'sent' : 'received',
    counterpart: toProfileCard('expert', counterpart.card),
    viaCompanyId: r.viaCompanyId,
    viaCompanyName: r.companyName,
    requestedAt: r.requestedAt.getTime(),
    respondedAt: toMillis(r.respondedAt),
    connectedOn: toMillis(r.connectedOn),
    contact:
      r.status === 'connected' && contact?.email
        ? {
            email: contact.email,
            phone: contact.phone ?? null,
            linkedin: contact.linkedin ?? null,
            jobTitle: contact.jobTitle ?? null,
          }
        : null,
  };
}
