import type { MatchingRun } from '@intergen/contracts';
import { type PackedCompanies, type PackedExperts, scoreAll } from '@intergen/domain';
import type { Db } from '../../db/client.ts';
import { newId } from '../../lib/crypto.ts';
import { enqueue } from '../../outbox/outbox.ts';
import { recordAudit } from '../audit/index.ts';
import { publishAdminLive } from '../live/index.ts';
import * as members from '../members/index.ts';
import { writeScores } from './match-profile.ts';
import { type MatchingContext, STORED_SCORE_MINIMUM } from './matching.context.ts';
import * as repo from './matching.repository.ts';
import { matchingRunTopic } from './matching.topics.ts';
import { hashCompanies, ScoreDigest } from './score-digest.ts';

/** Attempts of a batch before it is reported failed. */
const RUN_MAX_ATTEMPTS = 3;

function toRunView(run: repo.MatchingRunRow): MatchingRun {
  return {
    id: run.id,
    status: run.status,
    pairs: Number(run.pairs),
    written: Number(run.written),
    suggestionsCreated: run.suggestionsCreated,
    startedAt: run.startedAt?.getTime() ?? null,
    finishedAt: run.finishedAt?.getTime() ?? null,
    error: run.error,
  };
}

/**
 * Queues a full batch (every published expert against every published company) on the outbox. While one
 * is queued or running, that one is answered instead of starting another.
 */
export async function startRun(
  ctx: MatchingContext,
  adminId: string,
): Promise<{ run: MatchingRun; started: boolean }> {
  const { db, afterCommit } = ctx;
  const result = await db.transaction(async (tx) => {
    // One batch at a time, even when two admins press the button together.
    await repo.lockRuns(tx);
    const active = await repo.activeRun(tx);
    if (active) return { run: active, started: false };
    const run = await repo.insertRun(tx, { id: newId(), status: 'queued', requestedBy: adminId });
    await recordAudit(tx, { actorId: adminId, action: 'matching.run', target: run.id });
    await enqueue(
      tx,
      matchingRunTopic.message(
        { runId: run.id },
        { idempotencyKey: `${matchingRunTopic.name}:${run.id}`, maxAttempts: RUN_MAX_ATTEMPTS },
      ),
    );
    return { run, started: true };
  });
  if (result.started) afterCommit();
  return { run: toRunView(result.run), started: result.started };
}

/** The most recent batch and its progress, or null before the first. */
export async function latestRun(ctx: MatchingContext): Promise<MatchingRun | null> {
  const run = await repo.latestRun(ctx.db);
  return run ? toRunView(run) : null;
}

/**
 * Pairs per chunk of the batch: the experts of a chunk are read, compared and written together. At 100,000
 * companies a chunk is 10 experts, so 100,000 × 100,000 takes 10,000 round trips, not 100,000.
 */
const BATCH_PAIRS = 1_000_000;
/**
 * Chunks in progress at once, each in its own transaction (on PostgreSQL, its own connection). A first run is
 * almost all the database writing the strong pairs, on one backend per connection: two chunks keep both of a
 * two-core machine's cores busy, while the kernel of the next chunk runs here.
 */
const CHUNKS_IN_FLIGHT = 2;
/** The run's progress is written at most this often. */
const PROGRESS_MS = 1_000;

/** The companies of a run: their ids, packed for the kernel, their positions by id and their digest hashes. */
interface RunCompanies {
  ids: string[];
  packed: PackedCompanies;
  index: Map<string, number>;
  hashes: Uint32Array;
}

/**
 * One chunk of experts against every company. The kernel's strong pairs (`STORED_SCORE_MINIMUM`) of each expert
 * make a digest (`score-digest.ts`); an expert whose stored digest is the same is skipped: its rows are what the
 * last batch left and nothing has written them since (the triggers of `match_score_digests` would have deleted
 * the digest). The other experts' stored scores are read into `stored` (score + 1 at `expert × companies +
 * company`, 0 for none) and only what differs is written: a strong pair new or changed is upserted, a stored pair
 * no longer strong is deleted; then their digests are saved, in the same transaction. A stored pair whose company
 * is not in the store (awaiting approval) is left alone here (`dropScoresOfGoneCompanies`). Returns rows changed.
 */
async function scoreChunk(
  db: Db,
  experts: { ids: string[]; packed: PackedExperts },
  companies: RunCompanies,
  stored: Uint8Array,
): Promise<number> {
  const n = companies.ids.length;
  const minimum = STORED_SCORE_MINIMUM;
  // Each expert's strong pairs, at [ranges[2e], ranges[2e + 1]) of the two lists, and its digest.
  const ranges = new Uint32Array(experts.ids.length * 2);
  const strongCompanies: number[] = [];
  const strongScores: number[] = [];
  const digests: string[] = [];
  scoreAll(experts.packed, companies.packed, (e, scores) => {
    const digest = new ScoreDigest(companies.hashes);
    ranges[2 * e] = strongCompanies.length;
    for (let c = 0; c < n; c++) {
      const score = scores[c]!;
      if (score >= minimum) {
        strongCompanies.push(c);
        strongScores.push(score);
        digest.add(c, score);
      }
    }
    ranges[2 * e + 1] = strongCompanies.length;
    digests[e] = digest.value();
  });
  const known = await repo.digestsOf(db, experts.ids);
  const dirty = experts.ids.flatMap((id, e) => (known.get(id) === digests[e] ? [] : [e]));
  if (dirty.length === 0) return 0;

  return db.transaction(async (tx) => {
    const dirtyIds = dirty.map((e) => experts.ids[e]!);
    const position = new Map(dirtyIds.map((id, i) => [id, i]));
    stored.fill(0, 0, dirty.length * n);
    const rows = await repo.scoresOfExperts(tx, dirtyIds);
    for (const row of rows) {
      const c = companies.index.get(row.companyId);
      if (c !== undefined) stored[position.get(row.expertId)! * n + c] = Number(row.score) + 1;
    }
    const changed: repo.ScoreRow[] = [];
    dirty.forEach((e, i) => {
      const base = i * n;
      for (let k = ranges[2 * e]!; k < ranges[2 * e + 1]!; k++) {
        const c = strongCompanies[k]!;
        const score = strongScores[k]!;
        if (stored[base + c] !== score + 1) {
          changed.push({ expertId: experts.ids[e]!, companyId: companies.ids[c]!, score });
        }
        stored[base + c] = 0; // matched: what is left non-zero is no longer strong
      }
    });
    const weak = rows.filter((row) => {
      const c = companies.index.get(row.companyId);
      return c !== undefined && stored[position.get(row.expertId)! * n + c] !== 0;
    });
    const written = (await writeScores(tx, changed)) + (await repo.deleteScores(tx, weak));
    await repo.saveDigests(
      tx,
      dirty.map((e) => ({ expertId: experts.ids[e]!, digest: digests[e]! })),
    );
    return written;
  });
}

/**
 * Deletes the stored scores of every company that is neither in the store (published) nor awaiting approval:
 * found by a loose scan of the companies with scores, once per run, so that no chunk has to look for them.
 * Their experts' digests go with them (the triggers), so those experts are read again by the chunks.
 */
async function dropScoresOfGoneCompanies(db: Db, index: Map<string, number>): Promise<number> {
  const absent = (await repo.companiesWithScores(db)).filter((id) => !index.has(id));
  if (absent.length === 0) return 0;
  const kept = await members.publishedOrPendingAmong(db, 'company', absent);
  return repo.deleteScoresOfCompanies(
    db,
    absent.filter((id) => !kept.has(id)),
  );
}

/**
 * Every published expert against every published company, from this instance's packed store (made current,
 * then copied so that changes heard meanwhile do not move under the loop), in chunks of about `BATCH_PAIRS` pairs:
 * memory stays bounded by a chunk whatever the population. Progress goes to the run at most once a second.
 */
async function scoreEveryPair(
  ctx: MatchingContext,
  runId: string,
): Promise<{ pairs: number; written: number }> {
  const { db, counterparts } = ctx;
  await counterparts.sync();
  const experts = counterparts.experts.snapshot();
  const companies = counterparts.companies.snapshot();
  const n = companies.ids.length;
  const index = new Map(companies.ids.map((id, i) => [id, i]));
  const runCompanies = { ...companies, index, hashes: hashCompanies(companies.ids) };
  const perChunk = Math.max(1, Math.floor(BATCH_PAIRS / Math.max(1, n)));
  const free = Array.from({ length: CHUNKS_IN_FLIGHT }, () => new Uint8Array(perChunk * n));
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | null = null;
  let [pairs, written, reported] = [0, await dropScoresOfGoneCompanies(db, index), performance.now()];
  try {
    for (let from = 0; from < experts.ids.length && !failure; from += perChunk) {
      const to = Math.min(experts.ids.length, from + perChunk);
      const chunk = {
        ids: experts.ids.slice(from, to),
        packed: {
          ...experts.packed,
          length: to - from,
          sets: experts.packed.sets.subarray(from, to),
          traits: experts.packed.traits.subarray(from, to),
        },
      };
      while (free.length === 0) await Promise.race(running);
      if (failure) break;
      const stored = free.pop()!;
      // The kernel part of scoreChunk runs now; its reads and writes overlap the next chunk's kernel.
      const done: Promise<void> = scoreChunk(db, chunk, runCompanies, stored)
        .then(
          (rows) => {
            written += rows;
            pairs += (to - from) * n;
          },
          (error: unknown) => {
            failure ??= { error };
          },
        )
        .finally(() => {
          free.push(stored);
          running.delete(done);
        });
      running.add(done);
      if (performance.now() - reported >= PROGRESS_MS) {
        reported = performance.now();
        await repo.updateRun(db, runId, { pairs, written });
      }
    }
  } finally {
    // Even when a progress write fails, no chunk is left writing after the run is reported.
    await Promise.allSettled(running);
  }
  if (failure) throw (failure as { error: unknown }).error;
  await repo.updateRun(db, runId, { pairs, written });
  return { pairs, written };
}

/**
 * The admin's full batch: every published expert against every published company, only the changed scores
 * written, in chunks, and the run's progress (pairs, written) updated as it goes. A run already finished is left
 * alone (the job may be delivered again); a retried run starts over.
 */
export async function runBatch(
  ctx: MatchingContext,
  runId: string,
  attempt: { attempts: number; maxAttempts?: number },
): Promise<{ pairs: number; written: number } | null> {
  const { db } = ctx;
  const run = await repo.findRun(db, runId);
  if (!run || run.status === 'done' || run.status === 'failed') return null;
  await repo.updateRun(db, runId, {
    status: 'running',
    startedAt: new Date(),
    finishedAt: null,
    pairs: 0,
    written: 0,
    error: null,
  });
  let written = 0;
  try {
    const result = await scoreEveryPair(ctx, runId);
    written = result.written;
    await repo.updateRun(db, runId, { status: 'done', finishedAt: new Date() });
    return result;
  } catch (error) {
    // The database's own words, not the driver's wrapper (which repeats the statement and its parameters).
    const reason = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const message = reason instanceof Error ? reason.message : String(reason);
    const last = attempt.attempts >= (attempt.maxAttempts ?? RUN_MAX_ATTEMPTS);
    await repo.updateRun(db, runId, {
      status: last ? 'failed' : 'queued',
      error: message.slice(0, 2000),
      ...(last ? { finishedAt: new Date() } : {}),
    });
    throw error;
  } finally {
    // Once per run, however many chunks it wrote: admins' score view reads again (a failed notice never
    // hides the run's own outcome).
    if (written > 0) await publishAdminLive(db, ['adminScores']).catch(() => undefined);
  }
}
