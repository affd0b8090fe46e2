import type {
  OutboxListStatus,
  OutboxOrder,
  OutboxRow,
  OutboxRowState,
  OutboxTopicSummary,
} from '@intergen/contracts';
import { and, asc, desc, eq, gt, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { outbox } from '../db/schema.ts';

/*
 * What an admin reads of the outbox and does to it (the admin's outbox page, the CRM's failed deliveries). The
 * states of a `pending` row are computed against the database's clock, as the worker's claim is:
 *   running  — claimed: its lease (`locked_until`) has not ended;
 *   retrying — not running, and it failed before (`attempts` > 0) or is scheduled for later (`run_at` > now);
 *   due      — neither: waiting for its first run.
 * `dead` rows were parked after their last attempt; `discarded` ones were dead and put away by an admin, kept for
 * the record and never run. See README.md.
 */

const notLocked = sql`(${outbox.lockedUntil} IS NULL OR ${outbox.lockedUntil} <= now())`;
const isRunning = sql`(${outbox.status} = 'pending' AND ${outbox.lockedUntil} > now())`;
const isRetrying = sql`(${outbox.status} = 'pending' AND ${notLocked} AND (${outbox.attempts} > 0 OR ${outbox.runAt} > now()))`;
const isDue = sql`(${outbox.status} = 'pending' AND ${notLocked} AND ${outbox.attempts} = 0 AND ${outbox.runAt} <= now())`;
/** Due now, whatever its attempts: what the worker would claim next. */
const isWaitingNow = sql`(${outbox.status} = 'pending' AND ${notLocked} AND ${outbox.runAt} <= now())`;

const count = (condition: SQL) => sql<number>`count(*) FILTER (WHERE ${condition})`.mapWith(Number);

/** One topic's open rows (pending and dead), as `outboxSummary` and the metrics read them. */
export type OutboxOpenCounts = Omit<OutboxTopicSummary, 'doneLastDay'>;

/**
 * Every topic with open rows: its due, running, retrying and dead rows, and how long the oldest due row (any
 * attempts) has waited. One statement over the pending and dead rows only (`outbox_due_idx`, `outbox_dead_idx`).
 */
export async function outboxOpenCounts(ex: Executor): Promise<OutboxOpenCounts[]> {
  return ex
    .select({
      topic: outbox.topic,
      due: count(isDue),
      running: count(isRunning),
      retrying: count(isRetrying),
      dead: count(sql`${outbox.status} = 'dead'`),
      oldestDueAgeMs: sql<
        number | null
      >`round(extract(epoch FROM now() - min(${outbox.runAt}) FILTER (WHERE ${isWaitingNow})) * 1000)`.mapWith(
        (value: unknown) => (value === null ? null : Number(value)),
      ),
    })
    .from(outbox)
    .where(inArray(outbox.status, ['pending', 'dead']))
    .groupBy(outbox.topic);
}

/**
 * Every topic's counts: due, running, retrying and dead rows, rows done in the last 24 hours, and how long the
 * oldest due row has waited. `knownTopics` (the worker's handlers) are listed even with no rows.
 */
export async function outboxSummary(
  ex: Executor,
  knownTopics: readonly string[] = [],
): Promise<OutboxTopicSummary[]> {
  const open = await outboxOpenCounts(ex);
  // The partial index on processed_at of done rows keeps this a short range scan however many rows are done.
  const done = await ex
    .select({ topic: outbox.topic, n: sql<number>`count(*)`.mapWith(Number) })
    .from(outbox)
    .where(and(eq(outbox.status, 'done'), sql`${outbox.processedAt} > now() - interval '24 hours'`))
    .groupBy(outbox.topic);
  const byTopic = new Map<string, OutboxTopicSummary>();
  const entry = (topic: string) => {
    let found = byTopic.get(topic);
    if (!found) {
      found = { topic, due: 0, running: 0, retrying: 0, dead: 0, doneLastDay: 0, oldestDueAgeMs: null };
      byTopic.set(topic, found);
    }
    return found;
  };
  for (const topic of knownTopics) entry(topic);
  for (const row of open) Object.assign(entry(row.topic), row);
  for (const row of done) entry(row.topic).doneLastDay = row.n;
  return [...byTopic.values()].sort((a, b) => a.topic.localeCompare(b.topic));
}

/** Which open rows to list: `topics` (any of them) and a status; no status is every open row. */
export interface OutboxRowFilter {
  topics?: readonly string[] | undefined;
  status?: OutboxListStatus | undefined;
}

/** The WHERE of a filter: pending lists due and running rows, since a running row is on its way out. */
function filterCondition(filter: OutboxRowFilter): SQL | undefined {
  const byStatus = {
    pending: or(isDue, isRunning),
    retrying: isRetrying,
    dead: eq(outbox.status, 'dead'),
  } as const;
  return and(
    filter.topics ? inArray(outbox.topic, [...filter.topics]) : undefined,
    filter.status ? byStatus[filter.status] : inArray(outbox.status, ['pending', 'dead']),
  );
}

const stateOf = sql<OutboxRowState>`CASE
  WHEN ${outbox.status} = 'dead' THEN 'dead'
  WHEN ${outbox.lockedUntil} > now() THEN 'running'
  WHEN ${outbox.attempts} > 0 OR ${outbox.runAt} > now() THEN 'retrying'
  ELSE 'pending' END`;
/** The payload's event type when it has one (domain-event topics), else the topic: never the payload itself. */
const descriptionOf = sql<string>`CASE WHEN jsonb_typeof(${outbox.payload} -> 'type') = 'string'
  THEN ${outbox.payload} ->> 'type' ELSE ${outbox.topic} END`;

/**
 * One page of open rows by id (newest or oldest first), after the row `after` (the previous page's last id);
 * `nextCursor` is the id to continue after, or null on the last page.
 */
export async function listOutboxRows(
  ex: Executor,
  query: OutboxRowFilter & { order?: OutboxOrder; after?: number | undefined; limit: number },
): Promise<{ rows: OutboxRow[]; nextCursor: string | null }> {
  const newest = (query.order ?? 'newest') === 'newest';
  const found = await ex
    .select({
      id: outbox.id,
      topic: outbox.topic,
      description: descriptionOf,
      state: stateOf,
      attempts: outbox.attempts,
      maxAttempts: outbox.maxAttempts,
      lastError: outbox.lastError,
      runAt: outbox.runAt,
      createdAt: outbox.createdAt,
      // Of an e-mail, its recipient and subject only (the body stays in the payload).
      mailTo: sql<string | null>`CASE WHEN ${outbox.topic} = 'mail.send' THEN ${outbox.payload} ->> 'to' END`,
      mailSubject: sql<
        string | null
      >`CASE WHEN ${outbox.topic} = 'mail.send' THEN ${outbox.payload} ->> 'subject' END`,
    })
    .from(outbox)
    .where(
      and(
        filterCondition(query),
        query.after === undefined
          ? undefined
          : newest
            ? lt(outbox.id, query.after)
            : gt(outbox.id, query.after),
      ),
    )
    .orderBy(newest ? desc(outbox.id) : asc(outbox.id))
    .limit(query.limit + 1);
  const page = found.slice(0, query.limit);
  const last = page.at(-1);
  return {
    rows: page.map(({ mailTo, mailSubject, ...r }) => ({
      ...r,
      runAt: r.runAt.getTime(),
      createdAt: r.createdAt.getTime(),
      mail: mailTo !== null ? { to: mailTo, subject: mailSubject ?? '' } : null,
    })),
    nextCursor: found.length > query.limit && last ? String(last.id) : null,
  };
}

/** What became of an admin's action on one row: done, no such row (of those topics), or not in a state for it. */
export type OutboxActionOutcome =
  | { outcome: 'done'; topic: string }
  | { outcome: 'missing' }
  | { outcome: 'refused'; topic: string };

async function outcomeOf(
  ex: Executor,
  id: number,
  changed: { topic: string }[],
  topics: readonly string[] | undefined,
): Promise<OutboxActionOutcome> {
  if (changed[0]) return { outcome: 'done', topic: changed[0].topic };
  const [row] = await ex
    .select({ topic: outbox.topic })
    .from(outbox)
    .where(and(eq(outbox.id, id), topics ? inArray(outbox.topic, [...topics]) : undefined));
  return row ? { outcome: 'refused', topic: row.topic } : { outcome: 'missing' };
}

/**
 * Puts a dead row, or a waiting one (retrying, or not yet run), back in the queue: due now, with fresh attempts.
 * A running row is refused (its worker holds it), as is a done or discarded one. `topics` limits it to rows of
 * those topics (others count as missing); `onlyDead` to dead rows. The caller nudges the worker after commit.
 */
export async function retryOutboxRow(
  ex: Executor,
  id: number,
  options: { topics?: readonly string[]; onlyDead?: boolean } = {},
): Promise<OutboxActionOutcome> {
  const changed = await ex
    .update(outbox)
    .set({ status: 'pending', attempts: 0, runAt: sql`now()`, lockedUntil: null })
    .where(
      and(
        eq(outbox.id, id),
        options.topics ? inArray(outbox.topic, [...options.topics]) : undefined,
        options.onlyDead
          ? eq(outbox.status, 'dead')
          : or(eq(outbox.status, 'dead'), and(eq(outbox.status, 'pending'), notLocked)),
      ),
    )
    .returning({ topic: outbox.topic });
  return outcomeOf(ex, id, changed, options.topics);
}

/** Puts a dead row away for good: `discarded`, kept for the record, never run. Any other row is refused. */
export async function discardOutboxRow(ex: Executor, id: number): Promise<OutboxActionOutcome> {
  const changed = await ex
    .update(outbox)
    .set({ status: 'discarded', processedAt: sql`now()`, lockedUntil: null })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'dead')))
    .returning({ topic: outbox.topic });
  return outcomeOf(ex, id, changed, undefined);
}

/** How long the oldest due pending row has waited (0 when none): the workers' lag, for readiness. One query. */
export async function oldestDueAgeMs(ex: Executor): Promise<number> {
  const [row] = await ex
    .select({ ms: sql<number>`coalesce(extract(epoch from now() - min(${outbox.runAt})) * 1000, 0)::float8` })
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), sql`${outbox.runAt} <= now()`));
  return Math.max(0, Math.round(Number(row?.ms ?? 0)));
}
