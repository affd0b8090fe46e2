import type { AdminSuggestionState } from '@intergen/contracts';
import { and, count, gte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  exactTime,
  inIds,
  keysetOrder,
  type ListPage,
  type PageStart,
  pastKey,
  type SortOrder,
  type TimePageQuery,
  timeOrderedPage,
} from '../../db/keyset.ts';
import { matchScoreCounts, matchScores, matchSuggestions } from '../../db/schema.ts';

/**
 * The admin's lists of every suggestion and every score: one page in keyset order plus the total
 * for the filter. Names are the members module's (the caller adds them for the page's ids).
 */

/** What the admin lists narrow by: members found by a name search (either side of the pair). */
interface PairFilter {
  /** Null: no search; else the pair's expert or company is one of these (none: nothing matches). */
  memberIds: readonly string[] | null;
}

const pairOf = (memberIds: readonly string[], e: typeof matchSuggestions | typeof matchScores) =>
  or(inIds(e.expertId, memberIds), inIds(e.companyId, memberIds));

// Suggestions

export type AdminSuggestionRow = typeof matchSuggestions.$inferSelect & { state: AdminSuggestionState };

/** A suggestion's state, in the order the contract names: requested, dismissed by the expert, by the company. */
export function suggestionStateOf(
  s: Pick<typeof matchSuggestions.$inferSelect, 'requestSent' | 'notInterested' | 'notInterestedByCompany'>,
): AdminSuggestionState {
  if (s.requestSent) return 'requested';
  if (s.notInterested) return 'dismissedByExpert';
  if (s.notInterestedByCompany) return 'dismissedByCompany';
  return 'open';
}

/** SQL: the suggestions whose derived state (`suggestionStateOf`) is `state`. */
function suggestionStateIs(state: AdminSuggestionState): SQL {
  const t = matchSuggestions;
  switch (state) {
    case 'requested':
      return sql`${t.requestSent}`;
    case 'dismissedByExpert':
      return sql`NOT ${t.requestSent} AND ${t.notInterested}`;
    case 'dismissedByCompany':
      return sql`NOT ${t.requestSent} AND NOT ${t.notInterested} AND ${t.notInterestedByCompany}`;
    case 'open':
      return sql`NOT ${t.requestSent} AND NOT ${t.notInterested} AND NOT ${t.notInterestedByCompany}`;
  }
}

export interface SuggestionListQuery extends PairFilter, TimePageQuery {
  state: AdminSuggestionState | undefined;
}

/** A page of suggestions by created date (then id), and how many match the filter. */
export async function listSuggestionsPage(
  ex: Executor,
  q: SuggestionListQuery,
): Promise<ListPage<AdminSuggestionRow>> {
  const t = matchSuggestions;
  if (q.memberIds?.length === 0) return { rows: [], total: 0 };
  const where: SQL[] = [];
  if (q.state) where.push(suggestionStateIs(q.state));
  if (q.memberIds) where.push(pairOf(q.memberIds, t)!);
  const page = await timeOrderedPage(ex, t, { time: t.createdAt, id: t.id }, where, q);
  return {
    rows: page.rows.map((r) => ({ ...r.row, state: suggestionStateOf(r.row), key: r.key })),
    total: page.total,
  };
}

// Scores

export type AdminScoreRow = typeof matchScores.$inferSelect;

export interface ScoreListQuery extends PairFilter {
  minScore: number | undefined;
  sort: 'score' | 'updated';
  order: SortOrder;
  after: PageStart | null;
  limit: number;
}

/** A page of scores by score or by last change (then id), and how many match the filter. */
export async function listScoresPage(ex: Executor, q: ScoreListQuery): Promise<ListPage<AdminScoreRow>> {
  const t = matchScores;
  if (q.memberIds?.length === 0) return { rows: [], total: 0 };
  const where: SQL[] = [];
  if (q.minScore !== undefined && q.minScore > 0) where.push(gte(t.score, q.minScore));
  if (q.memberIds) where.push(pairOf(q.memberIds, t)!);
  const byScore = q.sort === 'score';
  const column = byScore ? t.score : t.updatedAt;
  const key = byScore ? sql<string>`${t.score}::text` : exactTime(t.updatedAt);
  const after = q.after
    ? pastKey(
        column,
        t.id,
        q.order,
        q.after,
        byScore ? sql`${Number(q.after.key)}::int` : sql`${q.after.key}::timestamptz`,
        Number,
      )
    : undefined;
  const [rows, total] = await Promise.all([
    ex
      .select({ score: t, key })
      .from(t)
      .where(and(...where, after))
      .orderBy(...keysetOrder(q.order, column, t.id))
      .limit(q.limit),
    q.memberIds ? countRows(ex, where) : storedAtLeast(ex, q.minScore ?? 0),
  ]);
  return { rows: rows.map((r) => ({ ...r.score, key: r.key })), total };
}

/** How many stored scores a member search leaves: the searched members' rows, found by their indexes. */
async function countRows(ex: Executor, where: SQL[]): Promise<number> {
  const [counted] = await ex
    .select({ n: count() })
    .from(matchScores)
    .where(and(...where));
  return Number(counted?.n ?? 0);
}

/** How many scores are stored at `minScore` or above: the kept counts' sum (migration 0023), not a count. */
async function storedAtLeast(ex: Executor, minScore: number): Promise<number> {
  const c = matchScoreCounts;
  const [kept] = await ex
    .select({ n: sql<string | null>`sum(${c.rows})` })
    .from(c)
    .where(minScore > 0 ? gte(c.score, minScore) : undefined);
  return Number(kept?.n ?? 0);
}
