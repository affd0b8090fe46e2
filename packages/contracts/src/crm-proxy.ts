import { z } from 'zod';
import { ErrorResponseSchema } from './session.ts';

/**
 * What a refused or failed CRM proxy call answers (spec 001 §7 "failure or unreachable yields result false, or -1
 * for ids"; §8 the catalogue's message and the HTTP codes 400, 401, 500): the call's own answer field set to its
 * failure value (`result: false`, `result: -1` for a deal create, `success: false` for a one-time link,
 * `hasContactProfileType: false`), the catalogue's `message`, and the app's usual `error` object beside them.
 */
export const ProxyFailureSchema = z.object({
  error: ErrorResponseSchema.shape.error,
  result: z.union([z.literal(false), z.literal(-1)]).optional(),
  success: z.literal(false).optional(),
  hasContactProfileType: z.literal(false).optional(),
  reachable: z.boolean().optional(),
  message: z.string(),
});
export type ProxyFailure = z.infer<typeof ProxyFailureSchema>;
