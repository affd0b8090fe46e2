import type { ProfileType } from '@intergen/domain';
import type { FastifyRequest } from 'fastify';
import type { MemberRows } from '../modules/members/index.ts';
import { requireUser } from './session.ts';

/** The signed-in person as services see them: who, which side of a match (if any), admin or not. */
export interface Caller {
  id: string;
  kind: ProfileType | null;
  isAdmin: boolean;
  emailVerified: boolean;
  /**
   * The caller's account, profile and contact rows as the request's session lookup read them (see
   * `request.member`). Only reads outside a transaction use them (the dashboard's lists); a change re-reads.
   */
  member?: MemberRows;
  /**
   * Set while the answer of a kept list is made (http/kept-lists.ts): a service adds the id of every other member
   * whose rows it read for the answer, shown or left out, so that any change to them drops the kept answer.
   */
  reads?: Set<string>;
}

/** The signed-in user as a Caller, or a 401. */
export function callerOf(request: FastifyRequest): Caller {
  const user = requireUser(request);
  const caller: Caller = {
    id: user.id,
    kind: user.kind ?? null,
    isAdmin: user.isAdmin,
    emailVerified: user.emailVerified,
  };
  if (request.member) caller.member = request.member;
  if (request.listReads) caller.reads = request.listReads;
  return caller;
}
