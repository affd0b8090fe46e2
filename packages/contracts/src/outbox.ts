import { z } from 'zod';
import { isStorableText } from './input.ts';

/**
 * The admin's outbox page: per topic, how many side effects wait, run, are retried or are parked as
 * dead; the open rows page by page; retry and discard. A row's payload never leaves the server (an e-mail's body
 * holds sign-in links): a row is described by its event type, or its topic.
 */

/** How a topic stands now; `oldestDueAgeMs` is how long its oldest due row has waited (null: none is due). */
export const OutboxTopicSummarySchema = z.object({
  topic: z.string(),
  /** Waiting for their first run, due now. */
  due: z.number(),
  /** Claimed by a worker right now. */
  running: z.number(),
  /** Failed before and waiting for their next try, or scheduled for later. */
  retrying: z.number(),
  dead: z.number(),
  doneLastDay: z.number(),
  oldestDueAgeMs: z.number().nullable(),
});
export type OutboxTopicSummary = z.infer<typeof OutboxTopicSummarySchema>;

/** GET /api/admin/outbox/summary: every topic the worker handles or that has rows, by name. */
export const OutboxSummaryResponseSchema = z.object({ topics: z.array(OutboxTopicSummarySchema) });
export type OutboxSummaryResponse = z.infer<typeof OutboxSummaryResponseSchema>;

/** What the rows list may be filtered to: pending (due or running), retrying, or dead. */
export const outboxListStatuses = ['pending', 'retrying', 'dead'] as const;
export type OutboxListStatus = (typeof outboxListStatuses)[number];
export const outboxOrders = ['newest', 'oldest'] as const;
export type OutboxOrder = (typeof outboxOrders)[number];

/** An outbox row's id (a positive integer), in a path or as a page's cursor. */
const rowId = z.coerce
  .number()
  .int()
  .min(1)
  .max(2 ** 53 - 1);

/** GET /api/admin/outbox/rows: `cursor` is the `nextCursor` of the previous page (the last row's id). */
export const OutboxRowsQuerySchema = z.object({
  topic: z.string().min(1).max(200).refine(isStorableText).optional(),
  status: z.enum(outboxListStatuses).optional(),
  order: z.enum(outboxOrders).default('newest'),
  cursor: rowId.optional(),
});
export type OutboxRowsQuery = z.input<typeof OutboxRowsQuerySchema>;

/** The state of an open row: due, running, retrying or dead. */
export const outboxRowStates = ['pending', 'running', 'retrying', 'dead'] as const;
export type OutboxRowState = (typeof outboxRowStates)[number];

/** One open outbox row: what it carries (the event type, else the topic), its tries and last error. */
export const OutboxRowSchema = z.object({
  id: z.number(),
  topic: z.string(),
  description: z.string(),
  state: z.enum(outboxRowStates),
  attempts: z.number(),
  maxAttempts: z.number(),
  lastError: z.string().nullable(),
  runAt: z.number(),
  createdAt: z.number(),
  /** An e-mail's recipient and subject (a `mail.send` row), so the admin sees which mail it is; else null. */
  mail: z.object({ to: z.string(), subject: z.string() }).nullable(),
});
export type OutboxRow = z.infer<typeof OutboxRowSchema>;

export const OutboxRowsResponseSchema = z.object({
  rows: z.array(OutboxRowSchema),
  nextCursor: z.string().nullable(),
});
export type OutboxRowsResponse = z.infer<typeof OutboxRowsResponseSchema>;

/** POST /api/admin/outbox/rows/:id/{retry|discard}. */
export const OutboxRowParamsSchema = z.object({ id: rowId });
