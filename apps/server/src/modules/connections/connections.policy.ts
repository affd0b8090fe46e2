import type { ProfileType, RequesterKind } from '@intergen/domain';

/**
 * Who may do what with a connection request (spec 000 §4, 001 §5/§6). A request belongs to its two parties:
 * the sender (`requestedBy`) and the recipient. Anyone else is told it does not exist, so a request is never
 * revealed to a third member; a company is not shown a request that an expert sent while awaiting approval.
 * Admins have no side of a match and are refused by `memberSide` (matching's policy).
 */

export interface RequestParties {
  expertId: string;
  companyId: string;
  requestedBy: RequesterKind;
  isPending: boolean;
}

export type RequestRole = 'sender' | 'recipient';

/** The spec's name for the side that sends: an expert, or a company (`venture`). */
export function requesterKindOf(side: ProfileType): RequesterKind {
  return side === 'expert' ? 'expert' : 'venture';
}

export function senderIdOf(r: RequestParties): string {
  return r.requestedBy === 'expert' ? r.expertId : r.companyId;
}

export function recipientIdOf(r: RequestParties): string {
  return r.requestedBy === 'expert' ? r.companyId : r.expertId;
}

/**
 * The caller's role in a request, or null when the caller is not one of its parties or may not see it yet (a
 * company and an expert's request held until the expert's approval).
 */
export function roleIn(callerId: string, r: RequestParties): RequestRole | null {
  if (callerId === senderIdOf(r)) return 'sender';
  if (callerId === recipientIdOf(r)) return r.isPending ? null : 'recipient';
  return null;
}

/** Whether the caller is the expert or the company of a suggestion. */
export function isSuggestionParty(callerId: string, s: { expertId: string; companyId: string }): boolean {
  return s.expertId === callerId || s.companyId === callerId;
}
