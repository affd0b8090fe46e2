import type { CompanyMatchFacets, ExpertMatchFacets, ProfileType } from '@intergen/domain';
import { and, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { communityCounts, companies, experts, matchScores, settings } from '../../db/schema.ts';
import { keptReads } from '../../lib/kept-lists.ts';
import {
  type CardRow,
  companyCardColumns,
  companyFacetColumns,
  companyFacets,
  expertCardColumns,
  expertFacetColumns,
  expertFacets,
} from '../members/index.ts';
import { densePage, listedTotal } from './community-dense.read-model.ts';
import {
  at,
  type CommunityFilter,
  type CommunityQuery,
  filterConditions,
  isUnfiltered,
  type PageRow,
  type Position,
  type ProfileTable,
  rankedRows,
  rowsOf,
  type ScoredRest,
  SELECTIVE_MAX,
  strongMatches,
  tableOf,
  textArray,
  toPositions,
} from './community-query.read-model.ts';

/**
 * What a kept community page reads (its statements, the caller's access and the tab's setting): every listed
 * member's card and facets, their kept totals, the viewer's strong pairs.
 */
export const communityReads = keptReads('every member', [
  experts,
  companies,
  communityCounts,
  matchScores,
  settings,
]);

// Community lists: published profiles of a kind, filtered (spec 001 §5), the viewer's strong matches first. The
// pages read the members' profile tables, `community_counts` and the viewer's pairs in `match_scores` here, in
// the statements of one page; the members module owns the profiles and writes them.

/**
 * A listed member, with its rank (null when unranked), its score from the `ScoredRest` (null when unranked and
 * not held there) and when it joined the lists (exact, as text).
 */
export type CommunityRow = CardRow & {
  rank: number | null;
  score: number | null;
  micros: number;
  /** What the scorer reads of the member, when the list has a viewer (`CommunityQuery.strongOf`) and not ranked. */
  facets: ExpertMatchFacets | CompanyMatchFacets | null;
};

export interface CommunityPage {
  rows: CommunityRow[];
  /** How many members pass the filters in all; on the first page only (no cursor). */
  total: number | null;
  dense: boolean;
}

const cardColumns = (kind: ProfileType) => (kind === 'expert' ? expertCardColumns : companyCardColumns);

/**
 * Ids as one `text[]` parameter: a page's few as `= ANY` (primary-key lookups), many (a viewer's strong
 * matches) as a set the planner does not estimate element by element.
 */
const inIds = (t: ProfileTable, ids: readonly string[]) =>
  ids.length <= 100
    ? sql`${t.id} = ANY(${textArray(ids)}::text[])`
    : sql`${t.id} IN (SELECT unnest(${textArray(ids)}::text[]))`;

/**
 * A selective list's page in one statement: its matches read narrow from the GIN index (at most
 * `SELECTIVE_MAX + 1`: more and the list is dense), the ranked joined to them, ordered, and the page after the
 * cursor kept; `matches` is how many were read (one row comes back even when the page is empty). The ranked
 * are read once, whole, and hashed (`MATERIALIZED`): probing their table once per match, as the planner may
 * otherwise choose, costs a lookup per match.
 */
async function selectivePage(ex: Executor, kind: ProfileType, filter: CommunityFilter, q: CommunityQuery) {
  const t = tableOf(kind);
  const where = filterConditions(kind, filter, q.excludeId);
  const rank = q.strongOf ? sql`coalesce(r.rank, -1)` : sql`-1`;
  const after = q.cursor
    ? sql`WHERE (${rank}, m.listed_at, m.id) < (${q.cursor.rank}, ${at(q.cursor)}, ${q.cursor.id})`
    : sql``;
  const rows = await rowsOf<PageRow>(
    ex,
    sql`WITH m AS (SELECT ${t.id} AS id, ${t.listedAt} AS listed_at FROM ${t} WHERE ${and(...where)}
        LIMIT ${SELECTIVE_MAX + 1})
      ${q.strongOf ? sql`, r AS MATERIALIZED (${strongMatches(q.strongOf)})` : sql``}
      SELECT c.n, p.id, p.micros, p.rank FROM (SELECT count(*) AS n FROM m) c
      LEFT JOIN LATERAL (
        SELECT m.id, m.listed_at, round(date_part('epoch', m.listed_at) * 1000000)::bigint AS micros,
          ${rank} AS rank
        FROM m ${q.strongOf ? sql`LEFT JOIN r ON r.id = m.id` : sql``} ${after}
        ORDER BY rank DESC, m.listed_at DESC NULLS LAST, m.id DESC
        LIMIT ${q.limit}) p ON true
      ORDER BY p.rank DESC, p.listed_at DESC NULLS LAST, p.id DESC`,
  );
  return { page: toPositions(rows), matches: Number(rows[0]?.n ?? 0) };
}

/** The list's order (rank, score, newest, id: each descending; ids by code unit): negative when `a` comes first. */
function byListOrder(a: Position, b: Position): number {
  return (
    b.rank - a.rank || b.score - a.score || b.micros - a.micros || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)
  );
}

/**
 * A selective list's page when the rest runs by score (`rest`): its matches read narrow as in `selectivePage`
 * (at most `SELECTIVE_MAX + 1`), each with its rank from the ranked joined to them and, when unranked, its
 * score from the rest; ordered here and the page after the cursor kept.
 */
async function selectiveScoredPage(
  ex: Executor,
  kind: ProfileType,
  filter: CommunityFilter,
  q: CommunityQuery,
  rest: ScoredRest,
) {
  const t = tableOf(kind);
  const where = filterConditions(kind, filter, q.excludeId);
  const rows = await rowsOf<PageRow>(
    ex,
    sql`WITH m AS (SELECT ${t.id} AS id, ${t.listedAt} AS listed_at FROM ${t} WHERE ${and(...where)}
        LIMIT ${SELECTIVE_MAX + 1})
      ${q.strongOf ? sql`, r AS MATERIALIZED (${strongMatches(q.strongOf)})` : sql``}
      SELECT m.id, round(date_part('epoch', m.listed_at) * 1000000)::bigint AS micros,
        ${q.strongOf ? sql`coalesce(r.rank, -1)` : sql`-1`} AS rank
      FROM m ${q.strongOf ? sql`LEFT JOIN r ON r.id = m.id` : sql``}`,
  );
  const matches = toPositions(rows).map((p) => (p.rank >= 0 ? p : { ...p, score: rest.scoreOf(p.id) ?? -1 }));
  matches.sort(byListOrder);
  const cursor = q.cursor;
  const from = cursor ? matches.findIndex((p) => byListOrder(p, cursor) > 0) : 0;
  return { page: from < 0 ? [] : matches.slice(from, from + q.limit), matches: matches.length };
}

/** Only the ranked members that pass the filters: a page of them, and how many in all on the first page. */
async function rankedOnlyPage(ex: Executor, kind: ProfileType, filter: CommunityFilter, q: CommunityQuery) {
  if (!q.strongOf) return { page: [], total: q.cursor ? null : 0, dense: false };
  const rows = await rankedRows(ex, kind, filter, q.strongOf, q, !q.cursor);
  return { page: toPositions(rows), total: q.cursor ? null : Number(rows[0]?.n ?? 0), dense: false };
}

/** The positions of a page and, on the first page, the total and whether the list is dense. */
async function pagePositions(
  ex: Executor,
  kind: ProfileType,
  filter: CommunityFilter,
  q: CommunityQuery,
): Promise<{ page: Position[]; total: number | null; dense: boolean }> {
  if (q.rankedOnly) return rankedOnlyPage(ex, kind, filter, q);
  if (q.cursor?.dense) return densePage(ex, kind, filter, q);
  if (!q.cursor && isUnfiltered(filter)) {
    // An unfiltered list's size is kept: a dense one skips the selective probe, whose rows it would not use.
    const listed = await listedTotal(ex, kind, q.excludeId);
    if (listed !== null && listed > SELECTIVE_MAX) return densePage(ex, kind, filter, q, listed);
  }
  const { page, matches } = q.rest
    ? await selectiveScoredPage(ex, kind, filter, q, q.rest)
    : await selectivePage(ex, kind, filter, q);
  if (matches <= SELECTIVE_MAX) return { page, total: q.cursor ? null : matches, dense: false };
  return densePage(ex, kind, filter, q);
}

/** The cards of the page, in its order; with `facetsOfUnranked`, the facets of each member not ranked. */
async function cardsOf(
  ex: Executor,
  kind: ProfileType,
  page: Position[],
  facetsOfUnranked: boolean,
): Promise<CommunityRow[]> {
  if (page.length === 0) return [];
  const t = tableOf(kind);
  const withFacets = facetsOfUnranked && page.some((p) => p.rank < 0 && p.score < 0);
  const facetColumns = kind === 'expert' ? expertFacetColumns : companyFacetColumns;
  const cards = (await ex
    .select(withFacets ? { ...cardColumns(kind), ...facetColumns } : cardColumns(kind))
    .from(t)
    .where(
      inIds(
        t,
        page.map((p) => p.id),
      ),
    )) as (CardRow & Partial<Record<keyof typeof facetColumns, unknown>>)[];
  const byId = new Map(cards.map((c) => [c.id, c]));
  const facetsOf = kind === 'expert' ? expertFacets : companyFacets;
  return page.flatMap((p) => {
    const card = byId.get(p.id);
    if (!card) return [];
    const rank = p.rank < 0 ? null : p.rank;
    const score = p.score < 0 ? null : p.score;
    const facets =
      withFacets && rank === null && score === null
        ? facetsOf(card as Record<keyof typeof facetColumns, unknown>)
        : null;
    return [{ ...card, rank, score, micros: p.micros, facets }];
  });
}

/**
 * One page (`limit` rows) of the members of a kind that pass the filters: the viewer's strong matches first
 * (rank, then newest), then the rest by their score in `rest` (then newest), or newest first without it, after
 * `cursor` (with a viewer, the facets of the others without a score, for the viewer to score them). The first
 * page also counts them all.
 */
export async function listCommunityPage(
  ex: Executor,
  kind: ProfileType,
  filter: CommunityFilter,
  q: CommunityQuery,
): Promise<CommunityPage> {
  const { page, total, dense } = await pagePositions(ex, kind, filter, q);
  return { rows: await cardsOf(ex, kind, page, q.strongOf !== null), total, dense };
}
