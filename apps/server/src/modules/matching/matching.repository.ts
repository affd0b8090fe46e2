import type { ProfileType } from '@intergen/domain';
import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { matchingRuns, matchScores, matchSuggestions } from '../../db/schema.ts';

/** The rows of a raw statement, whichever driver ran it (both answer `{ rows }`). */
async function rowsOf<T>(ex: Executor, query: SQL): Promise<T[]> {
  return ((await ex.execute(query)) as unknown as { rows: T[] }).rows;
}

// Scores

/** One pair's score for an upsert; a list of them is sent as three arrays. */
export interface ScoreRow {
  expertId: string;
  companyId: string;
  score: number;
}

/**
 * Writes the scores of many pairs in one statement: new pairs are inserted, existing ones updated only when the
 * value changed (`WHERE score <> EXCLUDED.score`), so an unchanged pair is not written at all. Rows are sent
 * sorted by pair so concurrent upserts lock rows in one order. Returns how many rows were written.
 */
export async function upsertScores(ex: Executor, rows: readonly ScoreRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const sorted = [...rows].sort((a, b) =>
    a.expertId === b.expertId
      ? a.companyId < b.companyId
        ? -1
        : a.companyId > b.companyId
          ? 1
          : 0
      : a.expertId < b.expertId
        ? -1
        : 1,
  );
  const [result] = await rowsOf<{ written: number }>(
    ex,
    sql`WITH written AS (
      INSERT INTO match_scores (expert_id, company_id, score)
      SELECT * FROM unnest(
        ${sql.param(sorted.map((r) => r.expertId))}::text[],
        ${sql.param(sorted.map((r) => r.companyId))}::text[],
        ${sql.param(sorted.map((r) => r.score))}::int[])
      ON CONFLICT (expert_id, company_id) DO UPDATE SET score = EXCLUDED.score, updated_at = now()
      WHERE match_scores.score <> EXCLUDED.score
      RETURNING 1)
    SELECT count(*)::int AS written FROM written`,
  );
  return Number(result?.written ?? 0);
}

/** The stored score of a pair, or null. */
export async function findScore(ex: Executor, expertId: string, companyId: string): Promise<number | null> {
  const [row] = await ex
    .select({ score: matchScores.score })
    .from(matchScores)
    .where(and(eq(matchScores.expertId, expertId), eq(matchScores.companyId, companyId)));
  return row?.score ?? null;
}

// Suggestions

export type SuggestionRow = typeof matchSuggestions.$inferSelect;

/** Inserts a suggestion unless the pair has one; returns whether it was inserted. */
export async function insertSuggestion(
  ex: Executor,
  row: typeof matchSuggestions.$inferInsert,
): Promise<boolean> {
  const inserted = await ex
    .insert(matchSuggestions)
    .values(row)
    .onConflictDoNothing({ target: [matchSuggestions.expertId, matchSuggestions.companyId] })
    .returning({ id: matchSuggestions.id });
  return inserted.length > 0;
}

export async function findSuggestion(ex: Executor, id: string): Promise<SuggestionRow | null> {
  const [row] = await ex.select().from(matchSuggestions).where(eq(matchSuggestions.id, id));
  return row ?? null;
}

export async function findSuggestionByPair(
  ex: Executor,
  expertId: string,
  companyId: string,
): Promise<SuggestionRow | null> {
  const [row] = await ex
    .select()
    .from(matchSuggestions)
    .where(and(eq(matchSuggestions.expertId, expertId), eq(matchSuggestions.companyId, companyId)));
  return row ?? null;
}

/** The counterparts that already have a suggestion with this member (whatever its state). */
export async function suggestedCounterparts(
  ex: Executor,
  kind: ProfileType,
  id: string,
): Promise<Set<string>> {
  const rows =
    kind === 'expert'
      ? await ex
          .select({ other: matchSuggestions.companyId })
          .from(matchSuggestions)
          .where(eq(matchSuggestions.expertId, id))
      : await ex
          .select({ other: matchSuggestions.expertId })
          .from(matchSuggestions)
          .where(eq(matchSuggestions.companyId, id));
  return new Set(rows.map((r) => r.other));
}

/** Whether the matching job of this domain event already made its suggestions. */
export async function hasSuggestionsFromEvent(ex: Executor, eventId: number): Promise<boolean> {
  const rows = await ex
    .select({ id: matchSuggestions.id })
    .from(matchSuggestions)
    .where(eq(matchSuggestions.sourceEventId, eventId))
    .limit(1);
  return rows.length > 0;
}

/** Sets one side's not-interested flag on a suggestion; returns false when it was set already. */
export async function markSuggestionDismissed(ex: Executor, id: string, by: ProfileType): Promise<boolean> {
  const flag = by === 'expert' ? matchSuggestions.notInterested : matchSuggestions.notInterestedByCompany;
  const rows = await ex
    .update(matchSuggestions)
    .set(by === 'expert' ? { notInterested: true } : { notInterestedByCompany: true })
    .where(and(eq(matchSuggestions.id, id), eq(flag, false)))
    .returning({ id: matchSuggestions.id });
  return rows.length > 0;
}

/** The suggestion between two members, either way round, or null. */
export async function findSuggestionBetween(
  ex: Executor,
  a: string,
  b: string,
): Promise<SuggestionRow | null> {
  const [row] = await ex
    .select()
    .from(matchSuggestions)
    .where(
      or(
        and(eq(matchSuggestions.expertId, a), eq(matchSuggestions.companyId, b)),
        and(eq(matchSuggestions.expertId, b), eq(matchSuggestions.companyId, a)),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The suggestions among `ids`, by id. */
export async function suggestionsByIds(
  ex: Executor,
  ids: readonly string[],
): Promise<Map<string, SuggestionRow>> {
  if (ids.length === 0) return new Map();
  const rows = await ex
    .select()
    .from(matchSuggestions)
    .where(inArray(matchSuggestions.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

// The request on a suggestion: every transition takes the suggestion's row first (then the connections module
// takes the request's), so two transitions on one pair run one after the other and never deadlock.

/** The suggestion `id`, locked against other transitions for the rest of the transaction (or null). */
export async function lockSuggestion(tx: Executor, id: string): Promise<SuggestionRow | null> {
  const [row] = await tx
    .select()
    .from(matchSuggestions)
    .where(eq(matchSuggestions.id, id))
    .for('no key update');
  return row ?? null;
}

/** Marks a suggestion requested now, giving it a deal id unless it has one; returns the deal id. */
export async function markSuggestionRequested(tx: Executor, id: string, dealId: string): Promise<string> {
  const [row] = await tx
    .update(matchSuggestions)
    .set({
      requestSent: true,
      requestSentAt: new Date(),
      dealId: sql`coalesce(${matchSuggestions.dealId}, ${dealId}::text)`,
    })
    .where(eq(matchSuggestions.id, id))
    .returning({ dealId: matchSuggestions.dealId });
  return row!.dealId!;
}

/** A cancelled request's suggestion is open again: not requested, no request time. */
export async function clearSuggestionRequested(tx: Executor, id: string): Promise<void> {
  await tx
    .update(matchSuggestions)
    .set({ requestSent: false, requestSentAt: null })
    .where(eq(matchSuggestions.id, id));
}

// Runs

export type MatchingRunRow = typeof matchingRuns.$inferSelect;

export async function insertRun(
  ex: Executor,
  row: typeof matchingRuns.$inferInsert,
): Promise<MatchingRunRow> {
  const [inserted] = await ex.insert(matchingRuns).values(row).returning();
  return inserted!;
}

export async function findRun(ex: Executor, id: string): Promise<MatchingRunRow | null> {
  const [row] = await ex.select().from(matchingRuns).where(eq(matchingRuns.id, id));
  return row ?? null;
}

export async function latestRun(ex: Executor): Promise<MatchingRunRow | null> {
  const [row] = await ex
    .select()
    .from(matchingRuns)
    .orderBy(desc(matchingRuns.createdAt), desc(matchingRuns.id))
    .limit(1);
  return row ?? null;
}

/** Serialises run starts for the rest of the transaction (one batch at a time). */
export async function lockRuns(tx: Executor): Promise<void> {
  await tx.execute(sql`LOCK TABLE matching_runs IN SHARE ROW EXCLUSIVE MODE`);
}

/** A run still queued or running, if any (one batch at a time). */
export async function activeRun(ex: Executor): Promise<MatchingRunRow | null> {
  const [row] = await ex
    .select()
    .from(matchingRuns)
    .where(sql`${matchingRuns.status} IN ('queued', 'running')`)
    .orderBy(desc(matchingRuns.createdAt))
    .limit(1);
  return row ?? null;
}

export async function updateRun(
  ex: Executor,
  id: string,
  patch: Partial<Omit<typeof matchingRuns.$inferInsert, 'id'>>,
): Promise<void> {
  await ex.update(matchingRuns).set(patch).where(eq(matchingRuns.id, id));
}

/** Every stored score of a member (of `kind`), by the other side's id. */
export async function scoresOf(
  ex: Executor,
  kind: ProfileType,
  memberId: string,
): Promise<Map<string, number>> {
  const rows = await rowsOf<{ other: string; score: number }>(
    ex,
    kind === 'expert'
      ? sql`SELECT company_id AS other, score FROM match_scores WHERE expert_id = ${memberId}`
      : sql`SELECT expert_id AS other, score FROM match_scores WHERE company_id = ${memberId}`,
  );
  const scores = new Map<string, number>();
  for (const r of rows) scores.set(r.other, Number(r.score));
  return scores;
}

/**
 * Every stored score of these experts: one index probe per expert (`LATERAL … OFFSET 0` keeps the planner from
 * turning it into one scan). With `expert_id = ANY(…)` the planner, whose guess of rows per expert is far too high
 * after a batch stored millions of rows, read the whole table for each chunk of the batch: 340 ms a chunk at 3.4
 * million stored scores, 94 % of a re-score when it was measured.
 */
export async function scoresOfExperts(ex: Executor, expertIds: readonly string[]): Promise<ScoreRow[]> {
  if (expertIds.length === 0) return [];
  return rowsOf<ScoreRow>(
    ex,
    sql`SELECT e.id AS "expertId", s.company_id AS "companyId", s.score
      FROM unnest(${sql.param([...expertIds])}::text[]) AS e(id)
      CROSS JOIN LATERAL (SELECT company_id, score FROM match_scores WHERE expert_id = e.id OFFSET 0) AS s`,
  );
}

/** Deletes the scores of these pairs; returns how many rows went. */
export async function deleteScores(
  ex: Executor,
  pairs: readonly { expertId: string; companyId: string }[],
): Promise<number> {
  if (pairs.length === 0) return 0;
  const [result] = await rowsOf<{ deleted: number }>(
    ex,
    sql`WITH deleted AS (
      DELETE FROM match_scores s USING unnest(
        ${sql.param(pairs.map((p) => p.expertId))}::text[],
        ${sql.param(pairs.map((p) => p.companyId))}::text[]) AS p(expert_id, company_id)
      WHERE s.expert_id = p.expert_id AND s.company_id = p.company_id
      RETURNING 1)
    SELECT count(*)::int AS deleted FROM deleted`,
  );
  return Number(result?.deleted ?? 0);
}

/** The stored digests of these experts (`match_score_digests`), by expert id; an expert without one is absent. */
export async function digestsOf(ex: Executor, expertIds: readonly string[]): Promise<Map<string, string>> {
  const digests = new Map<string, string>();
  if (expertIds.length === 0) return digests;
  const rows = await rowsOf<{ expertId: string; digest: string }>(
    ex,
    sql`SELECT expert_id AS "expertId", digest FROM match_score_digests
      WHERE expert_id = ANY(${sql.param([...expertIds])}::text[])`,
  );
  for (const r of rows) digests.set(r.expertId, r.digest);
  return digests;
}

/** Stores these experts' digests (after their rows were written, in the same transaction). */
export async function saveDigests(
  ex: Executor,
  rows: readonly { expertId: string; digest: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await ex.execute(
    sql`INSERT INTO match_score_digests (expert_id, digest)
      SELECT * FROM unnest(${sql.param(rows.map((r) => r.expertId))}::text[], ${sql.param(rows.map((r) => r.digest))}::text[])
      ON CONFLICT (expert_id) DO UPDATE SET digest = EXCLUDED.digest, updated_at = now()`,
  );
}

/**
 * Every company with a stored score: a loose index scan of `match_scores_company_score_idx` (one probe per company,
 * not a read of every row; PostgreSQL 15 has no skip scan of its own).
 */
export async function companiesWithScores(ex: Executor): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    ex,
    sql`WITH RECURSIVE c(id) AS (
        (SELECT company_id FROM match_scores ORDER BY company_id LIMIT 1)
        UNION ALL
        SELECT (SELECT company_id FROM match_scores WHERE company_id > c.id ORDER BY company_id LIMIT 1)
        FROM c WHERE c.id IS NOT NULL)
      SELECT id FROM c WHERE id IS NOT NULL`,
  );
  return rows.map((r) => r.id);
}

/** Deletes every stored score of these companies; returns how many rows went. */
export async function deleteScoresOfCompanies(ex: Executor, companyIds: readonly string[]): Promise<number> {
  if (companyIds.length === 0) return 0;
  const [result] = await rowsOf<{ deleted: number }>(
    ex,
    sql`WITH deleted AS (
      DELETE FROM match_scores WHERE company_id = ANY(${sql.param([...companyIds])}::text[]) RETURNING 1)
    SELECT count(*)::int AS deleted FROM deleted`,
  );
  return Number(result?.deleted ?? 0);
}
