import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import { safeErrorMessage } from '../lib/logging.ts';
import { currentRequestId, runForRequest } from '../lib/request-context.ts';

/** One outbox row to write. Modules build it with their topic's `message()` (topic.ts), which checks the payload. */
export interface OutboxMessage {
  topic: string;
  payload: Record<string, unknown>;
  /** Makes a repeated enqueue of the same effect a no-op; defaults to a fresh id. */
  idempotencyKey?: string;
  runAt?: Date;
  maxAttempts?: number;
  /** Rows with the same key run one after the other, in the order they were written (see the schema). */
  orderingKey?: string | null;
  /** The row is deleted once it succeeds instead of kept as `done` (it names a deleted member). */
  forgetWhenDone?: boolean;
}

/**
 * Writes side effects as outbox rows inside the caller's transaction; they run only if it commits. Each row keeps
 * the id of the request whose work wrote it (lib/request-context.ts), for the worker's log.
 */
export async function enqueue(tx: Executor, messages: OutboxMessage | OutboxMessage[]): Promise<void> {
  const list = Array.isArray(messages) ? messages : [messages];
  if (list.length === 0) return;
  const requestId = currentRequestId();
  await tx
    .insert(outbox)
    .values(
      list.map((m) => ({
        topic: m.topic,
        payload: m.payload,
        idempotencyKey: m.idempotencyKey ?? `${m.topic}:${crypto.randomUUID()}`,
        runAt: m.runAt ?? new Date(),
        maxAttempts: m.maxAttempts ?? 8,
        orderingKey: m.orderingKey ?? null,
        forgetWhenDone: m.forgetWhenDone ?? false,
        requestId,
      })),
    )
    .onConflictDoNothing({ target: outbox.idempotencyKey });
}

/**
 * A handler failure that asks for a retry after a given delay (an upstream's Retry-After). It does not use up
 * one of the row's attempts: being told to wait is not a failure of the job. The upstream is the topic's, so
 * the worker claims no row of that topic until the delay is over.
 */
export class RetryLaterError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
  }
}

/**
 * A handler failure that no retry can mend (a payload that does not match its topic's schema): the row is
 * parked as dead at once, with this message as its last error.
 */
export class PermanentJobError extends Error {}

export interface OutboxJob {
  id: number;
  topic: string;
  payload: Record<string, unknown>;
  attempts: number;
  idempotencyKey: string;
  /** The request whose work wrote the row, or null. */
  requestId: string | null;
}

export type OutboxHandler = (job: OutboxJob) => Promise<void>;

/** Where the worker logs: pino's shape. `child` (when given) makes each job's logger, bound to its row. */
export interface OutboxLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  child?(bindings: Record<string, unknown>): OutboxLog;
}

export interface OutboxWorkerOptions {
  database: Database;
  handlers: Record<string, OutboxHandler>;
  log: OutboxLog;
  pollMs?: number;
  batchSize?: number;
  /** How long a claimed row stays invisible to other workers before it counts as abandoned. */
  leaseMs?: number;
  /**
   * How long `stop()` waits for the job in hand (10 s). A job stuck on an upstream that never answers would
   * otherwise hold a shutdown for as long as that client's own timeout (nodemailer's: 10 minutes); its row keeps
   * its lease and is run again, by any worker, once the lease ends.
   */
  stopGraceMs?: number;
}

/** Exponential backoff with jitter: 2 s, 4 s, 8 s … capped at one hour. */
export function backoffMs(attempt: number): number {
  const base = Math.min(3_600_000, 1000 * 2 ** attempt);
  return Math.round(base * (0.75 + Math.random() * 0.5));
}

/**
 * Claims due outbox rows with FOR UPDATE SKIP LOCKED (so any number of workers can run), dispatches each
 * to its topic's handler, and records success, a retry with backoff, or a dead row after maxAttempts (at once
 * for a PermanentJobError).
 */
export function createOutboxWorker(options: OutboxWorkerOptions) {
  const { database, handlers, log } = options;
  const pollMs = options.pollMs ?? 500;
  const batchSize = options.batchSize ?? 20;
  const leaseMs = options.leaseMs ?? 60_000;
  const stopGraceMs = options.stopGraceMs ?? 10_000;
  let timer: NodeJS.Timeout | null = null;
  /**
   * Topics whose upstream asked this worker to wait (a `RetryLaterError`, e.g. HubSpot's 429), until when: their
   * rows are not claimed meanwhile, rather than each being claimed and put back in turn.
   */
  const pausedTopics = new Map<string, number>();
  const pausedNow = () => {
    const now = Date.now();
    for (const [topic, until] of pausedTopics) if (until <= now) pausedTopics.delete(topic);
    return [...pausedTopics.keys()];
  };
  let running: Promise<number> | null = null;
  let stopped = true;
  /** Set by stop(): no batch is claimed and no job started after it. */
  let closing = false;
  /** Each running batch's claimed rows not started yet; stop() gives them back to the queue. */
  const unstarted = new Set<OutboxJob[]>();

  async function claim(): Promise<OutboxJob[]> {
    const rows = await database.query<{
      id: string | number;
      topic: string;
      payload: Record<string, unknown>;
      attempts: number;
      idempotency_key: string;
      request_id: string | null;
    }>(
      `UPDATE outbox SET locked_until = now() + ($2::int * interval '1 millisecond'), attempts = attempts + 1
       WHERE id IN (
         SELECT o.id FROM outbox o
         WHERE o.status = 'pending' AND o.run_at <= now() AND (o.locked_until IS NULL OR o.locked_until < now())
           AND NOT (o.topic = ANY($3::text[]))
           AND (o.ordering_key IS NULL OR NOT EXISTS (
             SELECT 1 FROM outbox e
             WHERE e.ordering_key = o.ordering_key AND e.status = 'pending' AND e.id < o.id))
         ORDER BY o.id LIMIT $1 FOR UPDATE OF o SKIP LOCKED)
       RETURNING id, topic, payload, attempts, idempotency_key, request_id`,
      [batchSize, leaseMs, pausedNow()],
    );
    return rows
      .map((r) => ({
        id: Number(r.id),
        topic: r.topic,
        payload: r.payload,
        attempts: r.attempts,
        idempotencyKey: r.idempotency_key,
        requestId: r.request_id,
      }))
      .sort((a, b) => a.id - b.id);
  }

  async function settle(job: OutboxJob, error: unknown, jobLog: OutboxLog, startedAt: number): Promise<void> {
    const durationMs = Math.round(performance.now() - startedAt);
    if (!error) {
      // A row to forget is deleted; any other is kept as the record of what was done.
      await database.db.execute(
        sql`WITH forgotten AS (DELETE FROM outbox WHERE id = ${job.id} AND forget_when_done RETURNING id)
            UPDATE outbox SET status = 'done', processed_at = now(), locked_until = NULL, last_error = NULL
            WHERE id = ${job.id} AND NOT forget_when_done`,
      );
      jobLog.info({ attempts: job.attempts, durationMs }, 'outbox job done');
      return;
    }
    const message = safeErrorMessage(error);
    // An upstream asking us to wait (a 429's Retry-After) is not a failure of the job: no attempt is used up.
    const later = error instanceof RetryLaterError;
    const delay = later ? error.retryAfterMs : backoffMs(job.attempts);
    if (later) pausedTopics.set(job.topic, Math.max(pausedTopics.get(job.topic) ?? 0, Date.now() + delay));
    const rows = await database.query<{ status: string }>(
      `UPDATE outbox SET
         status = CASE WHEN $4::boolean OR (NOT $5::boolean AND attempts >= max_attempts) THEN 'dead' ELSE 'pending' END,
         attempts = CASE WHEN $5::boolean THEN attempts - 1 ELSE attempts END,
         run_at = now() + ($2::int * interval '1 millisecond'), locked_until = NULL, last_error = $3
       WHERE id = $1 RETURNING status`,
      [job.id, delay, message.slice(0, 2000), error instanceof PermanentJobError, later],
    );
    const level = rows[0]?.status === 'dead' ? 'error' : 'warn';
    jobLog[level]({ attempts: job.attempts, durationMs, err: message }, 'outbox job failed');
  }

  /** Gives claimed rows that were not started back to the queue at once (a stopping worker). */
  async function release(jobs: OutboxJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await database.query(
      `UPDATE outbox SET locked_until = NULL, attempts = attempts - 1 WHERE id = ANY($1::bigint[]) AND status = 'pending'`,
      [jobs.map((j) => j.id)],
    );
  }

  /** Processes due rows until none is left (or the worker stops); returns how many ran. */
  async function runOnce(): Promise<number> {
    let processed = 0;
    for (;;) {
      if (closing) return processed;
      const jobs = await claim();
      if (jobs.length === 0) return processed;
      if (closing) {
        await release(jobs);
        return processed;
      }
      unstarted.add(jobs);
      try {
        for (let job = jobs.shift(); job; job = closing ? undefined : jobs.shift()) {
          await runJob(job);
          processed++;
        }
      } finally {
        unstarted.delete(jobs);
      }
    }
  }

  /** The job's logger: its row and, when a request wrote it, that request's id (`reqId`, as Fastify logs it). */
  function jobLogOf(job: OutboxJob): OutboxLog {
    const bindings = { jobId: job.id, topic: job.topic, ...(job.requestId ? { reqId: job.requestId } : {}) };
    if (log.child) return log.child(bindings);
    return {
      info: (obj, msg) => log.info({ ...bindings, ...obj }, msg),
      warn: (obj, msg) => log.warn({ ...bindings, ...obj }, msg),
      error: (obj, msg) => log.error({ ...bindings, ...obj }, msg),
    };
  }

  async function runJob(job: OutboxJob): Promise<void> {
    const handler = handlers[job.topic];
    const startedAt = performance.now();
    let failure: unknown = null;
    const wait = (pausedTopics.get(job.topic) ?? 0) - Date.now();
    try {
      if (!handler) throw new Error(`No handler for topic ${job.topic}`);
      // Claimed with others before its topic was paused: back to wait, unrun.
      if (wait > 0) throw new RetryLaterError(`${job.topic} waits ${wait} ms (its upstream asked)`, wait);
      // The rows the handler writes carry on the request id of this one (an e-mail a notification job queues).
      await runForRequest(job.requestId, () => handler(job));
    } catch (error) {
      failure = error ?? new Error('unknown failure');
    }
    await settle(job, failure, jobLogOf(job), startedAt);
  }

  function tick(): Promise<number> {
    if (!running) {
      running = runOnce()
        .catch((error) => {
          log.error({ err: safeErrorMessage(error) }, 'outbox poll failed');
          return 0;
        })
        .finally(() => {
          running = null;
        });
    }
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(async () => {
      await tick();
      schedule();
    }, pollMs);
    timer.unref();
  }

  return {
    /** The topics this worker has handlers for. */
    topics: Object.keys(handlers),
    start() {
      if (!stopped) return;
      stopped = false;
      closing = false;
      schedule();
    },
    /**
     * Stops polling and claiming; waits for the job in hand at most `stopGraceMs` (the rest of its batch goes
     * back to the queue unrun).
     */
    async stop() {
      stopped = true;
      closing = true;
      if (timer) clearTimeout(timer);
      await release([...unstarted].flatMap((jobs) => jobs.splice(0)));
      if (!running) return;
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([
        running,
        new Promise<void>((resolve) => {
          grace = setTimeout(() => {
            log.warn({ graceMs: stopGraceMs }, 'outbox worker stopped with a job still running');
            resolve();
          }, stopGraceMs);
        }),
      ]);
      clearTimeout(grace);
    },
    /** Runs due work now instead of at the next poll (called after a commit that enqueued). */
    nudge() {
      if (!stopped) void tick();
    },
    /** Runs until nothing is due; for tests and the admin command. */
    async drain(): Promise<number> {
      closing = false;
      let total = 0;
      for (;;) {
        await running;
        const n = await runOnce();
        total += n;
        if (n === 0) return total;
      }
    },
  };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
