import type { FastifyRequest } from 'fastify';
import type { Caller } from '../modules/members/index.ts';
import { requireUser } from './session.ts';

export type { Caller };

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
