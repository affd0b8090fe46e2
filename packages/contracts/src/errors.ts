import { z } from 'zod';

/** Stable error codes; the message is the spec's text (from the domain package). */
export const errorCodes = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'CROSS_ORIGIN',
  'EMAIL_TAKEN',
  'INVALID_CREDENTIALS',
  'ACCOUNT_DEACTIVATED',
  'TOKEN_INVALID',
  'CODE_INCORRECT',
  'CODE_INCOMPLETE',
  'CODE_EXPIRED',
  'ALREADY_VERIFIED',
  'PASSWORD_MISMATCH',
  'PASSWORD_WEAK',
  'CURRENT_PASSWORD_WRONG',
  'LINK_DATA_MISSING',
  'PROFILE_INCOMPLETE',
  'EMAIL_UNVERIFIED',
  'WRONG_ROLE',
  'MEMBERS_LOCKED',
  'SERVER_BUSY',
  'TOO_MANY_STREAMS',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** Every error response: `{ error: { code, message, details? } }`; details map field paths to messages. */
export const ErrorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    requestId: z.string().optional(),
  }),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

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
