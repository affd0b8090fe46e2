import type { MatchingRun } from '@intergen/contracts';
import { type PackedCompanies, type PackedExperts, scoreAll } from '@intergen/domain';
import type { Executor } from '../../db/client.ts';
import { newId } from '../../lib/crypto.ts';
import { enqueue } from '../../outbox/outbox.ts';
import { recordAudit } from '../audit/index.ts';
import { publishAdminLive } from '../live/index.ts';
import * as members from '../members/index.ts';
import { writeScores } from './match-profile.ts';
import { type MatchingContext, STORED_SCORE_MINIMUM } from './matching.context.ts';
import * as repo from './matching.repository.ts';
import { matchingRunTopic } from './matching.topics.ts';

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
/** The run's progress is written at most this often. */
const PROGRESS_MS = 1_000;

/**
 * One chunk of experts against every company: the stored scores of those experts are read into `stored`
 * (score + 1 at `expert × companies + company`, 0 for none), and only what differs is written: a strong pair
 * (`STORED_SCORE_MINIMUM`) new or changed is upserted, a stored pair no longer strong is deleted, and so is a
 * stored pair whose company is no longer published (nor awaiting approval). Returns rows changed.
 */
async function scoreChunk(
  db: Executor,
  experts: { ids: string[]; packed: PackedExperts },
  companies: { ids: string[]; packed: PackedCompanies; index: Map<string, number> },
  stored: Uint8Array,
): Promise<number> {
  const n = companies.ids.length;
  stored.fill(0, 0, experts.ids.length * n);
  const expertIndex = new Map(experts.ids.map((id, i) => [id, i]));
  const gone: repo.ScoreRow[] = [];
  for (const row of await repo.scoresOfExperts(db, experts.ids)) {
    const c = companies.index.get(row.companyId);
    if (c === undefined) gone.push(row);
    else stored[expertIndex.get(row.expertId)! * n + c] = Number(row.score) + 1;
  }
  const changed: repo.ScoreRow[] = [];
  const weak: { expertId: string; companyId: string }[] = [];
  const minimum = STORED_SCORE_MINIMUM;
  scoreAll(experts.packed, companies.packed, (e, scores) => {
    const base = e * n;
    for (let c = 0; c < n; c++) {
      const score = scores[c]!;
      const was = stored[base + c]!;
      if (score >= minimum) {
        if (was !== score + 1) {
          changed.push({ expertId: experts.ids[e]!, companyId: companies.ids[c]!, score });
        }
      } else if (was !== 0) {
        weak.push({ expertId: experts.ids[e]!, companyId: companies.ids[c]! });
      }
    }
  });
  let written = (await writeScores(db, changed)) + (await repo.deleteScores(db, weak));
  if (gone.length > 0) {
    const kept = await members.publishedOrPendingAmong(db, 'company', [
      ...new Set(gone.map((g) => g.companyId)),
    ]);
    written += await repo.deleteScores(
      db,
      gone.filter((g) => !kept.has(g.companyId)),
    );
  }
  return written;
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
  const perChunk = Math.max(1, Math.floor(BATCH_PAIRS / Math.max(1, n)));
  const stored = new Uint8Array(perChunk * n);
  let [pairs, written, reported] = [0, 0, performance.now()];
  for (let from = 0; from < experts.ids.length; from += perChunk) {
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
    written += await scoreChunk(db, chunk, { ...companies, index }, stored);
    pairs += (to - from) * n;
    if (performance.now() - reported >= PROGRESS_MS) {
      reported = performance.now();
      await repo.updateRun(db, runId, { pairs, written });
    }
  }
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
    const message = error instanceof Error ? error.message : String(error);
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
