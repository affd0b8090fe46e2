import type { MatchingRun } from '@intergen/contracts';
import { packCompanies, scoreExpertVsCompanies } from '@intergen/domain';
import { newId } from '../../lib/crypto.ts';
import { enqueue } from '../../outbox/outbox.ts';
import { recordAudit } from '../audit/index.ts';
import * as members from '../members/index.ts';
import { type MatchingContext, SCORE_CHUNK } from './matching.context.ts';
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
 * The admin's full batch: every published expert against every published company, one expert at a time,
 * the changed scores written in chunks and the run's progress (pairs, written) updated as it goes. A run
 * already finished is left alone (the job may be delivered again); a retried run starts over.
 */
export async function runBatch(
  ctx: MatchingContext,
  runId: string,
  attempt: { attempts: number; maxAttempts?: number },
): Promise<void> {
  const { db } = ctx;
  const run = await repo.findRun(db, runId);
  if (!run || run.status === 'done' || run.status === 'failed') return;
  await repo.updateRun(db, runId, {
    status: 'running',
    startedAt: new Date(),
    finishedAt: null,
    pairs: 0,
    written: 0,
    error: null,
  });
  try {
    const experts = await members.listPublishedExpertFacets(db);
    const companies = await members.listPublishedCompanyFacets(db);
    const packed = packCompanies(companies.facets);
    const out = new Uint8Array(companies.ids.length);
    let pairs = 0;
    let written = 0;
    let pending: repo.ScoreRow[] = [];
    const flush = async () => {
      written += await repo.upsertScores(db, pending);
      pending = [];
      await repo.updateRun(db, runId, { pairs, written });
    };
    for (let e = 0; e < experts.ids.length; e++) {
      const expertId = experts.ids[e]!;
      scoreExpertVsCompanies(experts.facets[e]!, packed, out);
      for (let c = 0; c < companies.ids.length; c++) {
        pending.push({ expertId, companyId: companies.ids[c]!, score: out[c]! });
      }
      pairs += companies.ids.length;
      if (pending.length >= SCORE_CHUNK) await flush();
    }
    await flush();
    await repo.updateRun(db, runId, { status: 'done', finishedAt: new Date() });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const last = attempt.attempts >= (attempt.maxAttempts ?? RUN_MAX_ATTEMPTS);
    await repo.updateRun(db, runId, {
      status: last ? 'failed' : 'queued',
      error: message.slice(0, 2000),
      ...(last ? { finishedAt: new Date() } : {}),
    });
    throw error;
  }
}
