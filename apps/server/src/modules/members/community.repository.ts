import type { CompanyMatchFacets, ExpertMatchFacets, ProfileType } from '@intergen/domain';
import { and, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { communityCounts, companies, experts } from '../../db/schema.ts';
import { companyCardColumns, expertCardColumns } from './cards.repository.ts';
import { companyFacetColumns, companyFacets, expertFacetColumns, expertFacets } from './facets.repository.ts';
import type { CardRow } from './members.model.ts';

// Community lists: published profiles of a kind, filtered (spec 001 §5), ranked ones first.

export interface CommunityFilter {
  /** Lower-cased already; matched as a substring of the name (companies: or the company name). */
  searchText?: string | undefined;
  industries: readonly string[];
  expertise: readonly string[];
  investments?: 'yes' | undefined;
  boardPositions?: 'yes' | undefined;
}

/**
 * Where the members to list first come from, each with a rank (higher first), e.g. the viewer's strong matches
 * with their score (their owner builds it: the matching module's scores): a subquery with the columns `id`
 * (text) and `rank` (integer) that a page's statements join, so they are ranked in the database and never
 * sent here.
 */
export interface RankedSource {
  rows: SQL;
  /**
   * Read the facets of the page's members not ranked with their cards (`CommunityRow.facets`), for the owner of
   * the ranking to score them (the matching module: a weak pair's score is not stored).
   */
  facetsOfUnranked?: boolean;
}

/**
 * The viewer's score with every member a list may show below the ranked ones (DESIGN.md §4: by score, then
 * newest), when the owner of the scores can give them all at once: the matching module scores a viewer with
 * 100,000 packed counterparts in under a millisecond (docs/benchmarks.md, "One new profile against 100,000
 * counterparts"), where reading and scoring the rows would read every member passing the filters on each page.
 */
export interface ScoredRest {
  /** The members in groups of one score, highest first, from the score `atMost` down. */
  groups(atMost: number): Iterable<{ score: number; ids: readonly string[] }>;
  /** A member's score; undefined when not held (a member published since: listed last, scored with its card). */
  scoreOf(id: string): number | undefined;
  /**
   * The score from which members are the ranked ones (the strong matches, their pairs stored), listed above the
   * rest: a dense page walks the rest from below it. A member the viewer's scores rank that high but whose pair
   * is not stored yet (its matching job runs, a fraction of a second) is listed, badged, once it is.
   */
  rankedFrom: number;
}

/**
 * Where the previous page stopped: the row's rank (-1 for an unranked row), its score below the ranked ones
 * (-1 without a `ScoredRest` or when it had none), when it joined the lists and its id. `dense` remembers what
 * the first page learnt: more than `SELECTIVE_MAX` members pass the filters.
 */
export interface CommunityCursor {
  rank: number;
  score: number;
  /** When the member joined the lists, in microseconds since the epoch (exact: the database's own unit). */
  micros: number;
  id: string;
  dense: boolean;
}

/**
 * A listed member, with its rank (null when unranked), its score from the `ScoredRest` (null when unranked and
 * not held there) and when it joined the lists (exact, as text).
 */
export type CommunityRow = CardRow & {
  rank: number | null;
  score: number | null;
  micros: number;
  /** What the scorer reads of the member, when asked for (`RankedSource.facetsOfUnranked`) and not ranked. */
  facets: ExpertMatchFacets | CompanyMatchFacets | null;
};

export interface CommunityPage {
  rows: CommunityRow[];
  /** How many members pass the filters in all; on the first page only (no cursor). */
  total: number | null;
  dense: boolean;
}

/**
 * Up to this many matches, a list is selective: all its matches are read narrow from the community GIN index
 * (a search matching nobody reads no row), and the page chosen, ranked and counted from them. Beyond, it is
 * dense: the ranked matches are found by id and the rest read newest first, both from covering b-trees
 * without reading rows, and counted apart. The first page tells which; the cursor remembers it. Either way
 * the page's cards are read by id at the end.
 */
export const SELECTIVE_MAX = 1000;

type ProfileTable = typeof experts | typeof companies;

const tableOf = (kind: ProfileType): ProfileTable => (kind === 'expert' ? experts : companies);
const cardColumns = (kind: ProfileType) => (kind === 'expert' ? expertCardColumns : companyCardColumns);

/**
 * The searched text of a profile, lower-cased (companies: the name, a newline, the company name). Its
 * three-character substrings are keys of the community GIN index (`community_grams`, migration 0016); the
 * expressions must stay equal to the indexed ones.
 */
export function searchedText(kind: ProfileType): SQL {
  return kind === 'expert'
    ? sql`lower(${experts.name})`
    : sql`lower(${companies.name} || E'\\n' || coalesce(${companies.companyName}, ''))`;
}

/** The indexed keys of the searched text (migration 0016). */
const searchedGrams = (kind: ProfileType) => sql`community_grams(${searchedText(kind)})`;

/** The length of the substrings the index holds as keys. */
const GRAM = 3;

/**
 * The keys a search asks the index for: every three-character substring of it (characters are code points, as
 * PostgreSQL counts them). A text has them all when it contains the search, so they find every match; for a
 * search of exactly three characters they find nothing else (`exact`). A shorter search has no key.
 */
export function searchGrams(search: string): { grams: string[]; exact: boolean } {
  const chars = Array.from(search);
  const grams = new Set<string>();
  for (let i = 0; i + GRAM <= chars.length; i++) grams.add(`n:${chars.slice(i, i + GRAM).join('')}`);
  return { grams: [...grams], exact: chars.length === GRAM };
}

/** `%`, `_` and `\` stand for themselves in the search. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A PostgreSQL array literal of texts, one parameter however long. */
const textArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;

const NO_FILTER: CommunityFilter = { industries: [], expertise: [] };

/** The filter tokens of `facet_tokens` (function `community_facets`) a filter asks for. */
function tokensOf(filter: CommunityFilter): string[] {
  return [
    ...filter.industries.map((code) => `i:${code}`),
    ...filter.expertise.map((code) => `a:${code}`),
    ...(filter.investments ? ['inv'] : []),
    ...(filter.boardPositions ? ['board'] : []),
  ];
}

/**
 * How the search is tested: `index` through the GIN index's keys (a search of three characters needs nothing
 * else; a longer one is rechecked on the row; a shorter one has no key and is checked on the rows the other
 * conditions select), `row` on the name alone, as the covering b-trees can (they hold the name, not the keys).
 */
type SearchVia = 'index' | 'row';

/** The search of spec 001 §5: the searched text contains it. */
function searchConditions(kind: ProfileType, searchText: string, via: SearchVia): SQL[] {
  // The newline joins name and company name; a search never spans both.
  const search = searchText.replace(/\n/g, ' ');
  const contains = sql`${searchedText(kind)} LIKE ${likePattern(search)}`;
  const { grams, exact } = searchGrams(search);
  if (via === 'row' || grams.length === 0) return [contains];
  const keys = sql`${searchedGrams(kind)} @> ${textArray(grams)}::text[]`;
  return exact ? [keys] : [keys, contains];
}

/** The filters of spec 001 §5 over one kind, and who may be listed at all. */
function filterConditions(
  kind: ProfileType,
  filter: CommunityFilter,
  excludeId?: string,
  via: SearchVia = 'index',
): SQL[] {
  const t = tableOf(kind);
  const where: SQL[] = [eq(t.profilePublished, true)];
  if (kind === 'expert') where.push(eq(experts.private, false));
  if (excludeId) where.push(ne(t.id, excludeId));
  if (filter.searchText) where.push(...searchConditions(kind, filter.searchText, via));
  const tokens = tokensOf(filter);
  if (tokens.length > 0) where.push(sql`${t.facetTokens} @> ${textArray(tokens)}::text[]`);
  return where;
}

/**
 * Ids as one `text[]` parameter: a page's few as `= ANY` (primary-key lookups), many (a viewer's strong
 * matches) as a set the planner does not estimate element by element.
 */
const inIds = (t: ProfileTable, ids: readonly string[]) =>
  ids.length <= 100
    ? sql`${t.id} = ANY(${textArray(ids)}::text[])`
    : sql`${t.id} IN (SELECT unnest(${textArray(ids)}::text[]))`;

/** The time of a cursor, exact (microseconds). */
const at = (c: CommunityCursor) => sql`timestamptz 'epoch' + ${c.micros}::bigint * interval '1 microsecond'`;

export interface CommunityQuery {
  /** Members to list first, by rank (e.g. the viewer's strong matches with their score); null: none. */
  ranked: RankedSource | null;
  /** The order of the others: by these scores, then newest; null: newest first. */
  rest?: ScoredRest | null | undefined;
  /** Only the ranked members. */
  rankedOnly: boolean;
  excludeId?: string | undefined;
  cursor?: CommunityCursor | undefined;
  limit: number;
}

/** A match, narrow: its id, when it joined the lists (microseconds), its rank and its score (-1: none). */
interface Position {
  id: string;
  micros: number;
  rank: number;
  score: number;
}

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
  if (q.ranked) where.push(sql`NOT EXISTS (SELECT 1 FROM (${q.ranked.rows}) r WHERE r.id = ${t.id})`);
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
  if (q.ranked) where.push(sql`NOT EXISTS (SELECT 1 FROM (${q.ranked.rows}) k WHERE k.id = ${t.id})`);
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

/** No search and no facet: the list is every listed member of the kind (but the viewer). */
const isUnfiltered = (filter: CommunityFilter) => !filter.searchText && tokensOf(filter).length === 0;

/**
 * How many members an unfiltered list holds, exact: the count the database keeps per kind in the transaction of
 * every change (`community_counts`, migration 0018), less the viewer when the viewer is listed, read in one
 * statement (one snapshot). Null if the count has no row (never after the migration).
 */
async function listedTotal(ex: Executor, kind: ProfileType, excludeId?: string): Promise<number | null> {
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
async function densePage(
  ex: Executor,
  kind: ProfileType,
  filter: CommunityFilter,
  q: CommunityQuery,
  known?: number,
) {
  const inRanked = !q.cursor || q.cursor.rank >= 0;
  const [total, ranked, rest] = await Promise.all([
    q.cursor ? null : (known ?? countAll(ex, kind, filter, q)),
    inRanked && q.ranked ? rankedRows(ex, kind, filter, q.ranked, q, false) : [],
    q.rest
      ? denseScoredRest(ex, kind, filter, { ...q, cursor: inRanked ? undefined : q.cursor }, q.rest)
      : denseRest(ex, kind, filter, { ...q, cursor: inRanked ? undefined : q.cursor }),
  ]);
  const page = [...toPositions(ranked), ...rest].slice(0, q.limit);
  return { page, total, dense: true };
}

/** A page's row as its statement returns it (a selective page's: no id when the page is empty). */
interface PageRow {
  id: string | null;
  micros: number | string;
  rank: number | string;
  score?: number | string;
  /** How many matches (a selective page, a strong-only first page). */
  n?: number | string;
}

async function rowsOf<T>(ex: Executor, query: SQL): Promise<T[]> {
  return ((await ex.execute(query)) as unknown as { rows: T[] }).rows;
}

const toPositions = (rows: PageRow[]): Position[] =>
  rows.flatMap((r) =>
    r.id === null
      ? []
      : [{ id: r.id, micros: Number(r.micros), rank: Number(r.rank), score: Number(r.score ?? -1) }],
  );

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
  const rank = q.ranked ? sql`coalesce(r.rank, -1)` : sql`-1`;
  const after = q.cursor
    ? sql`WHERE (${rank}, m.listed_at, m.id) < (${q.cursor.rank}, ${at(q.cursor)}, ${q.cursor.id})`
    : sql``;
  const rows = await rowsOf<PageRow>(
    ex,
    sql`WITH m AS (SELECT ${t.id} AS id, ${t.listedAt} AS listed_at FROM ${t} WHERE ${and(...where)}
        LIMIT ${SELECTIVE_MAX + 1})
      ${q.ranked ? sql`, r AS MATERIALIZED (${q.ranked.rows})` : sql``}
      SELECT c.n, p.id, p.micros, p.rank FROM (SELECT count(*) AS n FROM m) c
      LEFT JOIN LATERAL (
        SELECT m.id, m.listed_at, round(date_part('epoch', m.listed_at) * 1000000)::bigint AS micros,
          ${rank} AS rank
        FROM m ${q.ranked ? sql`LEFT JOIN r ON r.id = m.id` : sql``} ${after}
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
      ${q.ranked ? sql`, r AS MATERIALIZED (${q.ranked.rows})` : sql``}
      SELECT m.id, round(date_part('epoch', m.listed_at) * 1000000)::bigint AS micros,
        ${q.ranked ? sql`coalesce(r.rank, -1)` : sql`-1`} AS rank
      FROM m ${q.ranked ? sql`LEFT JOIN r ON r.id = m.id` : sql``}`,
  );
  const matches = toPositions(rows).map((p) => (p.rank >= 0 ? p : { ...p, score: rest.scoreOf(p.id) ?? -1 }));
  matches.sort(byListOrder);
  const cursor = q.cursor;
  const from = cursor ? matches.findIndex((p) => byListOrder(p, cursor) > 0) : 0;
  return { page: from < 0 ? [] : matches.slice(from, from + q.limit), matches: matches.length };
}

/**
 * The ranked members that pass the filters, after the cursor, best first, at most a page, in one statement: the
 * ranked joined to the covering b-tree by id and ordered (`counted`: each row also says how many pass in all).
 */
async function rankedRows(
  ex: Executor,
  kind: ProfileType,
  filter: CommunityFilter,
  ranked: RankedSource,
  q: Pick<CommunityQuery, 'excludeId' | 'cursor' | 'limit'>,
  counted: boolean,
): Promise<PageRow[]> {
  const t = tableOf(kind);
  const where = filterConditions(kind, filter, q.excludeId, 'row');
  if (q.cursor) {
    where.push(sql`(r.rank, ${t.listedAt}, ${t.id}) < (${q.cursor.rank}, ${at(q.cursor)}, ${q.cursor.id})`);
  }
  return rowsOf<PageRow>(
    ex,
    sql`SELECT ${t.id} AS id, round(date_part('epoch', ${t.listedAt}) * 1000000)::bigint AS micros,
        r.rank AS rank${counted ? sql`, count(*) OVER () AS n` : sql``}
      FROM (${ranked.rows}) r JOIN ${t} ON ${t.id} = r.id
      WHERE ${and(...where)}
      ORDER BY r.rank DESC, ${t.listedAt} DESC NULLS LAST, ${t.id} DESC
      LIMIT ${q.limit}`,
  );
}

/** Only the ranked members that pass the filters: a page of them, and how many in all on the first page. */
async function rankedOnlyPage(ex: Executor, kind: ProfileType, filter: CommunityFilter, q: CommunityQuery) {
  if (!q.ranked) return { page: [], total: q.cursor ? null : 0, dense: false };
  const rows = await rankedRows(ex, kind, filter, q.ranked, q, !q.cursor);
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
 * One page (`limit` rows) of the members of a kind that pass the filters: the ranked ones first (rank, then
 * newest), then the rest by their score in `rest` (then newest), or newest first without it, after `cursor`
 * (with `facetsOfUnranked`, the facets of the others without a score, to score them). The first page also
 * counts them all.
 */
export async function listCommunityPage(
  ex: Executor,
  kind: ProfileType,
  filter: CommunityFilter,
  q: CommunityQuery,
): Promise<CommunityPage> {
  const { page, total, dense } = await pagePositions(ex, kind, filter, q);
  return { rows: await cardsOf(ex, kind, page, q.ranked?.facetsOfUnranked === true), total, dense };
}
