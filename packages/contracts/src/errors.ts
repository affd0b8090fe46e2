import { z } from 'zod';
import { ErrorResponseSchema } from './session.ts';

/**
 * Every stable error code and the one HTTP status it answers with; the message is the spec's text (from the
 * domain package). A state that forbids the action is INVALID_STATE (400); a clash with an existing record is
 * CONFLICT (409).
 */
export const errorStatus = {
  VALIDATION_FAILED: 400,
  INVALID_STATE: 400,
  EMAIL_TAKEN: 409,
  CONFLICT: 409,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  CROSS_ORIGIN: 403,
  ACCOUNT_DEACTIVATED: 403,
  WRONG_ROLE: 403,
  MEMBERS_LOCKED: 403,
  NOT_FOUND: 404,
  TOKEN_INVALID: 400,
  CODE_INCORRECT: 400,
  CODE_INCOMPLETE: 400,
  CODE_EXPIRED: 400,
  ALREADY_VERIFIED: 400,
  PASSWORD_MISMATCH: 400,
  PASSWORD_WEAK: 400,
  CURRENT_PASSWORD_WRONG: 400,
  LINK_DATA_MISSING: 400,
  PROFILE_INCOMPLETE: 400,
  EMAIL_UNVERIFIED: 400,
  RATE_LIMITED: 429,
  TOO_MANY_STREAMS: 429,
  INTERNAL: 500,
  SERVER_BUSY: 503,
} as const satisfies Record<string, number>;
export const errorCodes = Object.keys(errorStatus) as (keyof typeof errorStatus)[];
export type ErrorCode = keyof typeof errorStatus;

/** The error answers a route documents, each `{ error }`: `errorResponses(400, 401, 404)`. */
export function errorResponses<const S extends number>(
  ...statuses: S[]
): Record<S, typeof ErrorResponseSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorResponseSchema])) as Record<
    S,
    typeof ErrorResponseSchema
  >;
}

/** The `:id` of a route that acts on one record (a profile, a request, a notification). */
export const IdParamsSchema = z.object({ id: z.string().min(1).max(200) });
