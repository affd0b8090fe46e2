import { z } from 'zod';
import { isStorableText } from './input.ts';

/**
 * GET /api/admin/audit: newest first; `cursor` is the `nextCursor` of the previous page; `action` filters;
 * `search` finds entries whose target or details contain the text (a member's id or e-mail, a setting's key).
 */
export const AuditQuerySchema = z.object({
  search: z.string().trim().max(100).refine(isStorableText).optional(),
  action: z
    .string()
    .regex(/^[a-z][a-z0-9_.-]{0,99}$/)
    .optional(),
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,17}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

/** One recorded admin action: who (null: the app itself), what (`settings.update`), on what, with its details. */
export const AuditEntrySchema = z.object({
  id: z.number(),
  at: z.number(),
  actor: z
    .object({
      id: z.string(),
      /** Null when the account no longer exists. */
      name: z.string().nullable(),
      email: z.string().nullable(),
    })
    .nullable(),
  action: z.string(),
  target: z.string().nullable(),
  /** For a change, `before` and `after`. */
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditResponseSchema = z.object({
  entries: z.array(AuditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditResponse = z.infer<typeof AuditResponseSchema>;
