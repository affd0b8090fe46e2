import { messages, type ProfileType } from '@intergen/domain';
import type { Caller } from '../../http/caller.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Who may use matching (spec 001 §5, §6). Suggestions and matching lists belong to members: an expert or a
 * company acting for themselves. Admins manage suggestions through the admin routes and are refused here,
 * since they have no side of a match (a promoted member included: the admin pages are their tools).
 */

/** The caller's side of a match (expert or company), or 403 for admins and users without a profile. */
export function memberSide(caller: Caller): ProfileType {
  if (caller.isAdmin || !caller.kind) throw new AppError('FORBIDDEN', messages.forbidden);
  return caller.kind;
}

/** A suggestion is the business of its expert and its company only. */
export function isPartyOf(callerId: string, suggestion: { expertId: string; companyId: string }): boolean {
  return suggestion.expertId === callerId || suggestion.companyId === callerId;
}
