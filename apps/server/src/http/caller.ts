import type { ProfileType } from '@intergen/domain';
import type { FastifyRequest } from 'fastify';
import { requireUser } from './session.ts';

/** The signed-in person as services see them: who, which side of a match (if any), admin or not. */
export interface Caller {
  id: string;
  kind: ProfileType | null;
  isAdmin: boolean;
  emailVerified: boolean;
}

/** The signed-in user as a Caller, or a 401. */
export function callerOf(request: FastifyRequest): Caller {
  const user = requireUser(request);
  return { id: user.id, kind: user.kind ?? null, isAdmin: user.isAdmin, emailVerified: user.emailVerified };
}
