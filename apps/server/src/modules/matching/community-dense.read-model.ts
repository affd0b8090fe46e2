import type { ProfileType } from '@intergen/domain';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { communityCounts } from '../../db/schema.ts';
import {
  at,
  type CommunityFilter,
  type CommunityQuery,
  filterConditions,
  isUnfiltered,
  NO_FILTER,
  type PageRow,
  type Position,
  rankedRows,
  rowsOf,
  type ScoredRest,
  strongMatches,
  tableOf,
  textArray,
  toPositions,
} from './community-query.read-model.ts';

// A dense community list's page (more than SELECTIVE_MAX matches): the strong matches by id, the rest from the
// covering b-trees, and the total counted apart.

/** The narrow matches of a kind under `where`, at most `limit`, newest first when `ordered`; unranked yet. */
async function positions(
  ex: Executor,
  kind: ProfileType,
  where: SQL[],
  opts: { limit: number; ordered?: boolean },
): Promise<Position[]> {
  const t = tableOf(kind);
  const query = ex
    .select({
      id: t.id,
      micros: sql<number>`round(date_part('epoch', ${t.listedAt}) * 1000000)::bigint`.mapWith(Number),
    })
    .from(t)
    .where(and(...where))
    .limit(opts.limit);
  const rows = opts.ordered
    ? await query.orderBy(sql`${t.listedAt} desc nulls last`, sql`${t.id} desc nulls last`)
    : await query;
  return rows.map((r) => ({ ...r, rank: -1, score: -1 }));
}

/**
 * The unranked members of a dense list after the cursor, newest first, from the covering b-tree in order,
 * without the ranked: an anti-join, each row walked probed in the ranked's own index (a page walks about a
 * page of rows; `NOT IN` the subquery read all 2,172 strong matches of the benchmark's company first, 8 ms
 * against 0.3). The planner, misled by the estimate of a name search, would rather sort the GIN index's
 * matches: we know there are many, so bitmap scans are off for this one statement. An unfiltered list has no
 * condition the GIN index could answer: it is read as it is, without the transaction's three round trips.
 */
async function denseRest(ex: Executor, kind: ProfileType, filter: CommunityFilter, q: CommunityQuery) {
  const t = tableOf(kind);
  const where = filterConditions(kind, filter, q.excludeId, 'row');
  if (q.strongOf) {
    where.push(sql`NOT EXISTS (SELECT 1 FROM (${strongMatches(q.strongOf)}) r WHERE r.id = ${t.id})`);
  }
  if (q.cursor && q.cursor.rank < 0)
    where.push(sql`(${t.listedAt}, ${t.id}) < (${at(q.cursor)}, ${q.cursor.id})`);
  if (isUnfiltered(filter)) return positions(ex, kind, where, { limit: q.limit, ordered: true });
  return ex.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
    return positions(tx, kind, where, { limit: q.limit, ordered: true });
  });
}

/**
 * The rest of a dense list after the cursor by the viewer's score, then newest (`rest`): the rest's members below
 * `rest.rankedFrom` taken in score order, a batch of whole score groups at a time (8 pages' worth, then four times
 * more each time a batch leaves the page short), each batch joined by id to the covering b-tree with the filters,
 * without the ranked (a stored strong pair the viewer's scores now put lower), ordered, until the page is full.
 * Members the rest does not hold are not listed here (a member published since the viewer's scores were taken;
 * the next page's scores hold them).
 */
async function denseScoredRest(
  ex: Executor,
  kind: ProfileType,
  filter: CommunityFilter,
  q: CommunityQuery,
  rest: ScoredRest,
): Promise<Position[]> {
  const t = tableOf(kind);
  const where = filterConditions(kind, filter, q.excludeId, 'row');
  if (q.strongOf) {
    where.push(sql`NOT EXISTS (SELECT 1 FROM (${strongMatches(q.strongOf)}) k WHERE k.id = ${t.id})`);
  }
  const after = q.cursor && q.cursor.rank < 0 ? q.cursor : undefined;
  if (after) where.push(sql`(r.score, ${t.listedAt}, ${t.id}) < (${after.score}, ${at(after)}, ${after.id})`);
  const found: Position[] = [];
  let ids: string[] = [];
  let scores: number[] = [];
  const read = async () => {
    const rows = await rowsOf<PageRow>(
      ex,
      sql`SELECT ${t.id} AS id, round(date_part('epoch', ${t.listedAt}) * 1000000)::bigint AS micros,
          -1 AS rank, r.score AS score
        FROM unnest(${textArray(ids)}::text[], ${`{${scores.join(',')}}`}::int[]) AS r(id, score)
        JOIN ${t} ON ${t.id} = r.id
        WHERE ${and(...where)}
        ORDER BY r.score DESC, ${t.listedAt} DESC NULLS LAST, ${t.id} DESC
        LIMIT ${q.limit - found.length}`,
    );
    found.push(...toPositions(rows));
    ids = [];
    scores = [];
  };
  let batch = Math.max(q.limit * 8, 256);
  // Scored as the ranked are, members are listed among them (their stored pairs): not walked here.
  const top = Math.min(after ? after.score : 100, rest.rankedFrom - 1);
  for (const group of rest.groups(top)) {
    for (const id of group.ids) {
      ids.push(id);
      scores.push(group.score);
    }
    if (ids.length < batch) continue;
    await read();
    if (found.length >= q.limit) return found;
    batch *= 4;
  }
  if (ids.length > 0) await read();
  return found;
}

/**
 * How many members an unfiltered list holds, exact: the count the database keeps per kind in the transaction of
 * every change (`community_counts`, migration 0018), less the viewer when the viewer is listed, read in one
 * statement (one snapshot). Null if the count has no row (never after the migration).
 */
export async function listedTotal(
  ex: Executor,
  kind: ProfileType,
  excludeId?: string,
): Promise<number | null> {
  const t = tableOf(kind);
  const viewer = excludeId
    ? sql` - (SELECT count(*) FROM ${t} WHERE ${and(...filterConditions(kind, NO_FILTER), eq(t.id, excludeId))})`
    : sql``;
  const [row] = await ex
    .select({ n: sql<number>`${communityCounts.listed}${viewer}`.mapWith(Number) })
    .from(communityCounts)
    .where(eq(communityCounts.kind, kind));
  return row ? row.n : null;
}

/**
 * How many members pass the filters (a dense list's first page): an unfiltered list's from the kept count, a
 * filtered one's by counting its matches in the community GIN index.
 */
async function countAll(ex: Executor, kind: ProfileType, filter: CommunityFilter, q: CommunityQuery) {
  const kept = isUnfiltered(filter) ? await listedTotal(ex, kind, q.excludeId) : null;
  if (kept !== null) return kept;
  const [row] = await ex
    .select({ n: count() })
    .from(tableOf(kind))
    .where(and(...filterConditions(kind, filter, q.excludeId)));
  return Number(row?.n ?? 0);
}

/**
 * A dense list's page: the ranked part (joined by id), then the rest; counted apart on the first page (`known`:
 * the total when the caller has read it already).
 */
export async function densePage(
  ex: Executor,
  kind: ProfileType,
  filter: CommunityFilter,
  q: CommunityQuery,
  known?: number,
) {
  const inRanked = !q.cursor || q.cursor.rank >= 0;
  const [total, ranked, rest] = await Promise.all([
    q.cursor ? null : (known ?? countAll(ex, kind, filter, q)),
    inRanked && q.strongOf ? rankedRows(ex, kind, filter, q.strongOf, q, false) : [],
    q.rest
      ? denseScoredRest(ex, kind, filter, { ...q, cursor: inRanked ? undefined : q.cursor }, q.rest)
      : denseRest(ex, kind, filter, { ...q, cursor: inRanked ? undefined : q.cursor }),
  ]);
  const page = [...toPositions(ranked), ...rest].slice(0, q.limit);
  return { page, total, dense: true };
}
