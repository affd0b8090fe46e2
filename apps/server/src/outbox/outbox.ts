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

/**
 * A topic's handler of many claimed jobs at once (an upstream's batch API): the failure of each job by its id,
 * absent or null for a job done. One job's failure fails no other; a throw fails them all alike. The worker
 * hands it the claimed jobs of its topic together, which by the claim's ordering rule never hold two rows of
 * one ordering key.
 */
export type OutboxBatchHandler = (jobs: OutboxJob[]) => Promise<Map<number, unknown>>;

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
  /** Topics whose claimed jobs run together (each topic needs its single handler in `handlers` as well). */
  batchHandlers?: Record<string, OutboxBatchHandler>;
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

/** Leases up to `batchSize` due rows (none of the paused topics), oldest first, each behind its ordering key. */
async function claimJobs(
  database: Database,
  batchSize: number,
  leaseMs: number,
  pausedTopics: string[],
): Promise<OutboxJob[]> {
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
    [batchSize, leaseMs, pausedTopics],
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

/** A job done: a row to forget is deleted; any other is kept as the record of what was done. */
async function recordDone(database: Database, id: number): Promise<void> {
  await database.db.execute(
    sql`WITH forgotten AS (DELETE FROM outbox WHERE id = ${id} AND forget_when_done RETURNING id)
        UPDATE outbox SET status = 'done', processed_at = now(), locked_until = NULL, last_error = NULL
        WHERE id = ${id} AND NOT forget_when_done`,
  );
}

/**
 * A job failed: run again after `delay`, or dead when it may not (permanent, or out of attempts). An upstream's
 * "later" gives back the attempt. Returns the row's status.
 */
async function recordFailure(
  database: Database,
  id: number,
  f: { delay: number; message: string; permanent: boolean; later: boolean },
): Promise<string | undefined> {
  const rows = await database.query<{ status: string }>(
    `UPDATE outbox SET
       status = CASE WHEN $4::boolean OR (NOT $5::boolean AND attempts >= max_attempts) THEN 'dead' ELSE 'pending' END,
       attempts = CASE WHEN $5::boolean THEN attempts - 1 ELSE attempts END,
       run_at = now() + ($2::int * interval '1 millisecond'), locked_until = NULL, last_error = $3
     WHERE id = $1 RETURNING status`,
    [id, f.delay, f.message.slice(0, 2000), f.permanent, f.later],
  );
  return rows[0]?.status;
}

/** Gives claimed rows that were not started back to the queue at once (a stopping worker). */
async function releaseJobs(database: Database, jobs: OutboxJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await database.query(
    `UPDATE outbox SET locked_until = NULL, attempts = attempts - 1 WHERE id = ANY($1::bigint[]) AND status = 'pending'`,
    [jobs.map((j) => j.id)],
  );
}

/** The job's logger: its row and, when a request wrote it, that request's id (`reqId`, as Fastify logs it). */
function jobLogOf(log: OutboxLog, job: OutboxJob): OutboxLog {
  const bindings = { jobId: job.id, topic: job.topic, ...(job.requestId ? { reqId: job.requestId } : {}) };
  if (log.child) return log.child(bindings);
  return {
    info: (obj, msg) => log.info({ ...bindings, ...obj }, msg),
    warn: (obj, msg) => log.warn({ ...bindings, ...obj }, msg),
    error: (obj, msg) => log.error({ ...bindings, ...obj }, msg),
  };
}

/**
 * Topics whose upstream asked this worker to wait (a `RetryLaterError`, e.g. HubSpot's 429), until when: their
 * rows are not claimed meanwhile, rather than each being claimed and put back in turn.
 */
function topicPauses() {
  const until = new Map<string, number>();
  return {
    pause(topic: string, ms: number) {
      until.set(topic, Math.max(until.get(topic) ?? 0, Date.now() + ms));
    },
    /** How long the topic still waits (0 or less: not paused). */
    waitOf: (topic: string) => (until.get(topic) ?? 0) - Date.now(),
    /** The topics paused now. */
    now(): string[] {
      const now = Date.now();
      for (const [topic, end] of until) if (end <= now) until.delete(topic);
      return [...until.keys()];
    },
  };
}

/** Records what came of one run of a job: done, a retry (after its backoff or its upstream's wait), or dead. */
async function settleJob(
  database: Database,
  pauses: ReturnType<typeof topicPauses>,
  { job, error, jobLog, startedAt }: { job: OutboxJob; error: unknown; jobLog: OutboxLog; startedAt: number },
): Promise<void> {
  const durationMs = Math.round(performance.now() - startedAt);
  if (!error) {
    await recordDone(database, job.id);
    jobLog.info({ attempts: job.attempts, durationMs }, 'outbox job done');
    return;
  }
  const message = safeErrorMessage(error);
  // An upstream asking us to wait (a 429's Retry-After) is not a failure of the job: no attempt is used up.
  const later = error instanceof RetryLaterError;
  const delay = later ? error.retryAfterMs : backoffMs(job.attempts);
  if (later) pauses.pause(job.topic, delay);
  const status = await recordFailure(database, job.id, {
    delay,
    message,
    permanent: error instanceof PermanentJobError,
    later,
  });
  const level = status === 'dead' ? 'error' : 'warn';
  jobLog[level]({ attempts: job.attempts, durationMs, err: message }, 'outbox job failed');
}

/** Runs one claimed job through its topic's handler and records what came of it. */
function jobRunner(
  database: Database,
  handlers: OutboxWorkerOptions['handlers'],
  log: OutboxLog,
  pauses: ReturnType<typeof topicPauses>,
) {
  const settle = (job: OutboxJob, error: unknown, jobLog: OutboxLog, startedAt: number) =>
    settleJob(database, pauses, { job, error, jobLog, startedAt });

  /** The jobs of one topic with a batch handler: run together, each settled with its own outcome. */
  async function runBatch(jobs: OutboxJob[], batch: OutboxBatchHandler): Promise<void> {
    const startedAt = performance.now();
    const topic = jobs[0]!.topic;
    const wait = pauses.waitOf(topic);
    let failures = new Map<number, unknown>();
    try {
      if (wait > 0) throw new RetryLaterError(`${topic} waits ${wait} ms (its upstream asked)`, wait);
      failures = await runForRequest(null, () => batch(jobs));
    } catch (error) {
      const failure = error ?? new Error('unknown failure');
      failures = new Map(jobs.map((j) => [j.id, failure]));
    }
    for (const job of jobs) await settle(job, failures.get(job.id) ?? null, jobLogOf(log, job), startedAt);
  }

  async function runJob(job: OutboxJob): Promise<void> {
    const handler = handlers[job.topic];
    const startedAt = performance.now();
    let failure: unknown = null;
    const wait = pauses.waitOf(job.topic);
    try {
      if (!handler) throw new Error(`No handler for topic ${job.topic}`);
      // Claimed with others before its topic was paused: back to wait, unrun.
      if (wait > 0) throw new RetryLaterError(`${job.topic} waits ${wait} ms (its upstream asked)`, wait);
      // The rows the handler writes carry on the request id of this one (an e-mail a notification job queues).
      await runForRequest(job.requestId, () => handler(job));
    } catch (error) {
      failure = error ?? new Error('unknown failure');
    }
    await settle(job, failure, jobLogOf(log, job), startedAt);
  }

  /**
   * Runs the next of `jobs` (taken from the array): a job of a batch topic with every other claimed job of its
   * topic (the claim holds no two rows of one ordering key, so none waits for another), any other alone.
   * Returns how many ran.
   */
  return async function runNext(jobs: OutboxJob[], batchHandlers: Record<string, OutboxBatchHandler>) {
    const first = jobs.shift();
    if (!first) return 0;
    const batch = batchHandlers[first.topic];
    if (!batch) {
      await runJob(first);
      return 1;
    }
    const group = [first, ...jobs.filter((j) => j.topic === first.topic)];
    const rest = jobs.filter((j) => j.topic !== first.topic);
    jobs.splice(0, jobs.length, ...rest);
    await runBatch(group, batch);
    return group.length;
  };
}

/** Whether `work` ended within `ms` (it is not stopped otherwise, only no longer waited for). */
async function waitAtMost(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const ended = await Promise.race([
    work.then(() => true),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    }),
  ]);
  clearTimeout(timer);
  return ended;
}

interface RunState {
  /** Set by stop(): no batch is claimed and no job started after it. */
  closing: boolean;
  /** Each running batch's claimed rows not started yet; stop() gives them back to the queue. */
  unstarted: Set<OutboxJob[]>;
}

/** Processes due rows until none is left (or the worker stops); returns how many ran. */
async function runDue(
  state: RunState,
  claim: () => Promise<OutboxJob[]>,
  runNext: (jobs: OutboxJob[]) => Promise<number>,
  release: (jobs: OutboxJob[]) => Promise<void>,
): Promise<number> {
  let processed = 0;
  for (;;) {
    if (state.closing) return processed;
    const jobs = await claim();
    if (jobs.length === 0) return processed;
    if (state.closing) {
      await release(jobs);
      return processed;
    }
    state.unstarted.add(jobs);
    try {
      while (jobs.length > 0 && !state.closing) processed += await runNext(jobs);
    } finally {
      state.unstarted.delete(jobs);
    }
  }
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
  const pauses = topicPauses();
  let running: Promise<number> | null = null;
  let stopped = true;
  const state: RunState = { closing: false, unstarted: new Set() };
  const claim = () => claimJobs(database, batchSize, leaseMs, pauses.now());
  const runner = jobRunner(database, handlers, log, pauses);
  const runNext = (jobs: OutboxJob[]) => runner(jobs, options.batchHandlers ?? {});
  const release = (jobs: OutboxJob[]) => releaseJobs(database, jobs);

  const runOnce = () => runDue(state, claim, runNext, release);

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
      state.closing = false;
      schedule();
    },
    /**
     * Stops polling and claiming; waits for the job in hand at most `stopGraceMs` (the rest of its batch goes
     * back to the queue unrun).
     */
    async stop() {
      stopped = true;
      state.closing = true;
      if (timer) clearTimeout(timer);
      await release([...state.unstarted].flatMap((jobs) => jobs.splice(0)));
      if (!running) return;
      const finished = await waitAtMost(running, stopGraceMs);
      if (!finished) log.warn({ graceMs: stopGraceMs }, 'outbox worker stopped with a job still running');
    },
    /** Runs due work now instead of at the next poll (called after a commit that enqueued). */
    nudge() {
      if (!stopped) void tick();
    },
    /** Runs until nothing is due; for tests and the admin command. */
    async drain(): Promise<number> {
      state.closing = false;
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
