import { limits, type ProfileType } from '@intergen/domain';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, experts, matchScores } from '../../db/schema.ts';

// Community lists: published profiles of a kind, filtered (spec 001 §5), the viewer's strong matches first. This
// file holds what a page's statements share: the filters, the search, the strong matches and the cursor.

export interface CommunityFilter {
  /** Lower-cased already; matched as a substring of the name (companies: or the company name). */
  searchText?: string | undefined;
  industries: readonly string[];
  expertise: readonly string[];
  investments?: 'yes' | undefined;
  boardPositions?: 'yes' | undefined;
}

/** The member whose strong matches a list shows first (a company viewing experts, an expert viewing companies). */
export interface CommunityViewer {
  kind: ProfileType;
  id: string;
}

/**
 * The viewer's score with every member a list may show below the ranked ones (DESIGN.md §4: by score, then
 * newest), when the scores can be given all at once: member-scores.ts scores a viewer with 100,000 packed
 * counterparts in under a millisecond (docs/benchmarks.md, "One new profile against 100,000 counterparts"),
 * where reading and scoring the rows would read every member passing the filters on each page.
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
 * Up to this many matches, a list is selective: all its matches are read narrow from the community GIN index
 * (a search matching nobody reads no row), and the page chosen, ranked and counted from them. Beyond, it is
 * dense: the ranked matches are found by id and the rest read newest first, both from covering b-trees
 * without reading rows, and counted apart. The first page tells which; the cursor remembers it. Either way
 * the page's cards are read by id at the end.
 */
export const SELECTIVE_MAX = 1000;

export interface CommunityQuery {
  /**
   * The viewer whose strong matches are listed first, by rank (their score); null: none (experts viewing
   * experts). With a viewer, the facets of the page's other members without a score come with their cards, for
   * the viewer to score them (a weak pair's score is not stored).
   */
  strongOf: CommunityViewer | null;
  /** The order of the others: by these scores, then newest; null: newest first. */
  rest?: ScoredRest | null | undefined;
  /** Only the ranked members. */
  rankedOnly: boolean;
  excludeId?: string | undefined;
  cursor?: CommunityCursor | undefined;
  limit: number;
}

export type ProfileTable = typeof experts | typeof companies;

export const tableOf = (kind: ProfileType): ProfileTable => (kind === 'expert' ? experts : companies);

/**
 * The viewer's strong matches (score ≥ the community minimum, read by score from
 * `match_scores_expert_strong_idx` and `match_scores_company_score_idx`) as a subquery of `(id, rank)`: the
 * counterpart's id and the score. A page's statements join it, so the strong matches are ranked in the
 * database and never read out (DESIGN.md §4).
 */
export function strongMatches(viewer: CommunityViewer): SQL {
  const m = matchScores;
  const [mine, theirs] = viewer.kind === 'expert' ? [m.expertId, m.companyId] : [m.companyId, m.expertId];
  return sql`SELECT ${theirs} AS id, ${m.score} AS rank FROM ${m}
    WHERE ${mine} = ${viewer.id} AND ${m.score} >= ${limits.communityScoreMinimum}`;
}

/**
 * The searched text of a profile, lower-cased (companies: the name, a newline, the company name). Its
 * three-character substrings are keys of the community GIN index (`community_grams`, migration 0016); the
 * expressions must stay equal to the indexed ones.
 */
function searchedText(kind: ProfileType): SQL {
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
function searchGrams(search: string): { grams: string[]; exact: boolean } {
  const chars = Array.from(search);
  const grams = new Set<string>();
  for (let i = 0; i + GRAM <= chars.length; i++) grams.add(`n:${chars.slice(i, i + GRAM).join('')}`);
  return { grams: [...grams], exact: chars.length === GRAM };
}

/** `%`, `_` and `\` stand for themselves in the search. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A PostgreSQL array literal of texts, one parameter however long. */
export const textArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;

export const NO_FILTER: CommunityFilter = { industries: [], expertise: [] };

/** The filter tokens of `facet_tokens` (function `community_facets`) a filter asks for. */
function tokensOf(filter: CommunityFilter): string[] {
  return [
    ...filter.industries.map((code) => `i:${code}`),
    ...filter.expertise.map((code) => `a:${code}`),
    ...(filter.investments ? ['inv'] : []),
    ...(filter.boardPositions ? ['board'] : []),
  ];
}

/** No search and no facet: the list is every listed member of the kind (but the viewer). */
export const isUnfiltered = (filter: CommunityFilter) => !filter.searchText && tokensOf(filter).length === 0;

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
export function filterConditions(
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

/** The time of a cursor, exact (microseconds). */
export const at = (c: CommunityCursor) =>
  sql`timestamptz 'epoch' + ${c.micros}::bigint * interval '1 microsecond'`;

/** A match, narrow: its id, when it joined the lists (microseconds), its rank and its score (-1: none). */
export interface Position {
  id: string;
  micros: number;
  rank: number;
  score: number;
}

/** A page's row as its statement returns it (a selective page's: no id when the page is empty). */
export interface PageRow {
  id: string | null;
  micros: number | string;
  rank: number | string;
  score?: number | string;
  /** How many matches (a selective page, a strong-only first page). */
  n?: number | string;
}

export async function rowsOf<T>(ex: Executor, query: SQL): Promise<T[]> {
  return ((await ex.execute(query)) as unknown as { rows: T[] }).rows;
}

export const toPositions = (rows: PageRow[]): Position[] =>
  rows.flatMap((r) =>
    r.id === null
      ? []
      : [{ id: r.id, micros: Number(r.micros), rank: Number(r.rank), score: Number(r.score ?? -1) }],
  );

/**
 * The viewer's strong matches that pass the filters, after the cursor, best first, at most a page, in one
 * statement: the strong matches joined to the covering b-tree by id and ordered (`counted`: each row also says
 * how many pass in all).
 */
export async function rankedRows(
  ex: Executor,
  kind: ProfileType,
  filter: CommunityFilter,
  viewer: CommunityViewer,
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
      FROM (${strongMatches(viewer)}) r JOIN ${t} ON ${t.id} = r.id
      WHERE ${and(...where)}
      ORDER BY r.rank DESC, ${t.listedAt} DESC NULLS LAST, ${t.id} DESC
      LIMIT ${q.limit}`,
  );
}
