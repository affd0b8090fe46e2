import { z } from 'zod';

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
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const MailboxResponseSchema = z.object({ messages: z.array(MailSummarySchema), hasMore: z.boolean() });
export type MailboxResponse = z.infer<typeof MailboxResponseSchema>;

export const HealthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});

/** GET /api/config: what the client needs of the server's configuration. */
export const PublicConfigSchema = z.object({
  appEnv: z.enum(['production', 'staging', 'development']),
  communityTab: z.boolean(),
  supportEmail: z.string(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
