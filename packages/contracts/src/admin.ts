import { appEnvironments } from '@intergen/domain';
import { z } from 'zod';
import { NewChangesPopupSchema } from './settings.ts';

export const MailSummarySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  createdAt: z.number(),
});
export const MailMessageSchema = MailSummarySchema.extend({ text: z.string() });
export type MailSummary = z.infer<typeof MailSummarySchema>;
export type MailMessage = z.infer<typeof MailMessageSchema>;

/** GET /api/admin/mailbox: newest first; `before` is the id of the last message of the previous page. */
export const MailboxQuerySchema = z.object({
  before: z.string().min(1).max(200).optional(),
  /** Messages whose recipient or subject contains this text (case-insensitive, literal). */
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const MailboxResponseSchema = z.object({ messages: z.array(MailSummarySchema), hasMore: z.boolean() });
export type MailboxResponse = z.infer<typeof MailboxResponseSchema>;

/** GET /api/health: liveness. The process answers; the database is not asked (that is /api/ready). */
export const HealthResponseSchema = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/**
 * GET /api/ready: readiness. `workerLagMs` is how long the oldest due outbox row has waited (0: none waits; null:
 * unknown, the database did not answer). 200 when ready, 503 with the reason otherwise.
 */
export const ReadyResponseSchema = z.object({
  status: z.literal('ready'),
  database: z.literal('ok'),
  workerLagMs: z.number(),
});
export const NotReadyResponseSchema = z.object({
  status: z.literal('not ready'),
  database: z.enum(['ok', 'failed']),
  workerLagMs: z.number().nullable(),
  reason: z.string(),
});
export type ReadyResponse = z.infer<typeof ReadyResponseSchema>;
export type NotReadyResponse = z.infer<typeof NotReadyResponseSchema>;

/**
 * GET /api/config: what the client needs of the server's configuration and of the run-time settings (the
 * community-tab flag of this environment, the support e-mail, the version-change popup).
 */
export const PublicConfigSchema = z.object({
  appEnv: z.enum(appEnvironments),
  communityTab: z.boolean(),
  supportEmail: z.string(),
  newChangesPopup: NewChangesPopupSchema,
  /** The database holds the demo community of `npm run demo`: every page shows the demo banner. */
  demo: z.boolean(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
