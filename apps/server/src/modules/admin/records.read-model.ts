import type { AdminRequestState, AdminSuggestionState } from '@intergen/contracts';
import { type AnyColumn, and, count, eq, getTableName, gte, or, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
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
} from '../../db/keyset.ts';
import {
  companies,
  connectionRequests,
  experts,
  matchScoreCounts,
  matchScores,
  matchSuggestions,
  networkRequests,
  users,
} from '../../db/schema.ts';
import { networkStatusOfState } from './record-states.ts';

/**
 * The admin's records (every suggestion, score, and connection and My Network request), a keyset page at a
 * time: each page with its people's names is one statement, and its total for the filter one more. The members a
 * name search means are the members module's to find (`memberIdsNamed`, before the page).
 */

/**
 * SQL: the name the admin's lists show for the user `id`, (a company by its
 * company name, else the profile's name, else the account's; gone from the platform or not, admins see
 * everyone), null when there is no such user. A lookup by primary key for each row of a page. Written out with
 * its own aliases: the query builder leaves the columns of a query over one table unqualified, which inside
 * this subquery would name the users' columns.
 */
export const shownName = (id: SQL) =>
  sql<string | null>`(SELECT coalesce(nullif(trim(lc.company_name), ''), lc.name, le.name, lu.name)
    FROM ${users} lu LEFT JOIN ${experts} le ON le.id = lu.id LEFT JOIN ${companies} lc ON lc.id = lu.id
    WHERE lu.id = ${id})`;

/** SQL: `column` qualified by its table's name or by `on` (see `shownName`). */
export const qualified = (column: AnyColumn, on: string = getTableName(column.table)) =>
  sql`${sql.identifier(on)}.${sql.identifier(column.name)}`;

/** SQL: a column of the subquery `page`, qualified. */
const onPage = (column: AnyColumn) => qualified(column, 'page');

const qb = new QueryBuilder();

/** How many rows a filter leaves of a table (its `where`). */
async function countOf(ex: Executor, table: typeof matchSuggestions | typeof matchScores, where: SQL[]) {
  const [counted] = await ex
    .select({ n: count() })
    .from(table)
    .where(and(...where));
  return Number(counted?.n ?? 0);
}

/** What every list narrows by: members found by a name search, on either side. */
interface PairFilter {
  /** Null: no search; else one side is one of these (none: nothing matches). */
  memberIds: readonly string[] | null;
}

const pairOf = (memberIds: readonly string[], first: AnyColumn, second: AnyColumn) =>
  or(inIds(first, memberIds), inIds(second, memberIds))!;

// Suggestions

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

export interface SuggestionPageQuery extends PairFilter, TimePageQuery {
  state: AdminSuggestionState | undefined;
}

/** A suggestion as its list shows it, with both sides' names and its maker's (null: no such user). */
export type SuggestionRecord = Pick<
  typeof matchSuggestions.$inferSelect,
  | 'id'
  | 'expertId'
  | 'companyId'
  | 'createdAt'
  | 'createdBy'
  | 'position'
  | 'requestSent'
  | 'notInterested'
  | 'notInterestedByCompany'
  | 'requestSentAt'
  | 'dealId'
> & { expertName: string | null; companyName: string | null; creatorName: string | null };

/** A page of suggestions by created date (then id), each with its names, and how many match the filter. */
export async function readSuggestionsPage(
  ex: Executor,
  q: SuggestionPageQuery,
): Promise<ListPage<SuggestionRecord>> {
  const t = matchSuggestions;
  if (q.memberIds?.length === 0) return { rows: [], total: 0 };
  const where: SQL[] = [];
  if (q.state) where.push(suggestionStateIs(q.state));
  if (q.memberIds) where.push(pairOf(q.memberIds, t.expertId, t.companyId));
  const after = q.after
    ? pastKey(t.createdAt, t.id, q.order, q.after, sql`${q.after.key}::timestamptz`)
    : undefined;
  // The page first (a subquery), so that only its rows are named.
  const page = qb
    .select({
      id: t.id,
      expertId: t.expertId,
      companyId: t.companyId,
      createdAt: t.createdAt,
      createdBy: t.createdBy,
      position: t.position,
      requestSent: t.requestSent,
      notInterested: t.notInterested,
      notInterestedByCompany: t.notInterestedByCompany,
      requestSentAt: t.requestSentAt,
      dealId: t.dealId,
      key: exactTime(t.createdAt).as('key'),
    })
    .from(t)
    .where(and(...where, after))
    .orderBy(...keysetOrder(q.order, t.createdAt, t.id))
    .limit(q.limit)
    .as('page');
  const [rows, total] = await Promise.all([
    ex
      .select({
        id: page.id,
        expertId: page.expertId,
        companyId: page.companyId,
        createdAt: page.createdAt,
        createdBy: page.createdBy,
        position: page.position,
        requestSent: page.requestSent,
        notInterested: page.notInterested,
        notInterestedByCompany: page.notInterestedByCompany,
        requestSentAt: page.requestSentAt,
        dealId: page.dealId,
        key: page.key,
        expertName: shownName(onPage(page.expertId)),
        companyName: shownName(onPage(page.companyId)),
        creatorName: shownName(onPage(page.createdBy)),
      })
      .from(page)
      .orderBy(...keysetOrder(q.order, page.createdAt, page.id)),
    countOf(ex, t, where),
  ]);
  return { rows, total };
}

// Scores

export interface ScorePageQuery extends PairFilter {
  minScore: number | undefined;
  sort: 'score' | 'updated';
  order: SortOrder;
  after: PageStart | null;
  limit: number;
}

/** A score as its list shows it, with both sides' names. */
export type ScoreRecord = Pick<
  typeof matchScores.$inferSelect,
  'id' | 'expertId' | 'companyId' | 'score' | 'updatedAt'
> & { expertName: string | null; companyName: string | null };

/** A page of scores by score or by last change (then id), each with its names, and how many match the filter. */
export async function readScoresPage(ex: Executor, q: ScorePageQuery): Promise<ListPage<ScoreRecord>> {
  const t = matchScores;
  if (q.memberIds?.length === 0) return { rows: [], total: 0 };
  const where: SQL[] = [];
  if (q.minScore !== undefined && q.minScore > 0) where.push(gte(t.score, q.minScore));
  if (q.memberIds) where.push(pairOf(q.memberIds, t.expertId, t.companyId));
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
  const page = qb
    .select({
      id: t.id,
      expertId: t.expertId,
      companyId: t.companyId,
      score: t.score,
      updatedAt: t.updatedAt,
      key: key.as('key'),
    })
    .from(t)
    .where(and(...where, after))
    .orderBy(...keysetOrder(q.order, column, t.id))
    .limit(q.limit)
    .as('page');
  const [rows, total] = await Promise.all([
    ex
      .select({
        id: page.id,
        expertId: page.expertId,
        companyId: page.companyId,
        score: page.score,
        updatedAt: page.updatedAt,
        key: page.key,
        expertName: shownName(onPage(page.expertId)),
        companyName: shownName(onPage(page.companyId)),
      })
      .from(page)
      .orderBy(...keysetOrder(q.order, byScore ? page.score : page.updatedAt, page.id)),
    q.memberIds ? countOf(ex, t, where) : storedAtLeast(ex, q.minScore ?? 0),
  ]);
  return { rows, total };
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

// Requests: two tables, one list

export type RequestKind = 'connection' | 'network';

export interface RequestPageQuery extends PairFilter {
  kind: RequestKind | undefined;
  state: AdminRequestState | undefined;
  order: SortOrder;
  /** Where each table's page starts (the merged list's last row, as each table sees it). */
  after: Record<RequestKind, PageStart | null>;
  limit: number;
}

/** A request of either kind as the merged list shows it, with its two sides' names. */
export type RequestRecord = { key: string; firstName: string | null; secondName: string | null } & (
  | { kind: 'connection'; row: typeof connectionRequests.$inferSelect; dealId: string | null }
  | { kind: 'network'; row: typeof networkRequests.$inferSelect }
);

/** SQL: the requests whose derived state (`connectionStateOf`) is `state`. */
function connectionStateIs(state: AdminRequestState): SQL {
  const t = connectionRequests;
  const before: SQL[] = [];
  const steps: [AdminRequestState, SQL][] = [
    ['closed', sql`${t.closed}`],
    ['connected', sql`${t.accepted}`],
    ['declined', sql`${t.notInterested}`],
    ['dismissed', sql`${t.dismissed}`],
    ['held', sql`${t.isPending}`],
  ];
  for (const [name, flag] of steps) {
    if (name === state) return and(...before.map((b) => sql`NOT ${b}`), flag)!;
    before.push(flag);
  }
  // Open: no flag; cancelled: never stored.
  return state === 'open' ? and(...before.map((b) => sql`NOT ${b}`))! : sql`false`;
}

/** The filter of the connection requests (null: none can match). */
function connectionWhere(q: RequestPageQuery): SQL[] | null {
  const t = connectionRequests;
  if (q.kind === 'network' || q.state === 'cancelled') return null;
  const where: SQL[] = [];
  if (q.state) where.push(connectionStateIs(q.state));
  if (q.memberIds) where.push(pairOf(q.memberIds, t.expertId, t.companyId));
  return where;
}

/** The filter of the My Network requests (null: none can match). */
function networkWhere(q: RequestPageQuery): SQL[] | null {
  const t = networkRequests;
  const status = q.state ? networkStatusOfState(q.state) : null;
  if (q.kind === 'connection' || (q.state && !status)) return null;
  const where: SQL[] = [];
  if (status) where.push(eq(t.status, status));
  if (q.memberIds) where.push(pairOf(q.memberIds, t.initiatorId, t.recipientId));
  return where;
}

/**
 * One table's rows of the merged list as the union reads them: the kind, its rank (at one sent date, connection
 * requests come before My Network ones, ascending), the sent date, its cursor key and the id.
 */
function branch(kind: RequestKind, where: SQL[], start: PageStart | null, order: SortOrder) {
  const t = kind === 'connection' ? connectionRequests : networkRequests;
  const time = kind === 'connection' ? connectionRequests.requestSentAt : networkRequests.requestedAt;
  const after = start ? pastKey(time, t.id, order, start, sql`${start.key}::timestamptz`) : undefined;
  return qb
    .select({
      kind: sql<RequestKind>`${kind}::text`.as('kind'),
      rank: sql<number>`${kind === 'connection' ? 0 : 1}::int`.as('kind_rank'),
      at: sql`${time}`.as('sent_at'),
      key: exactTime(time).as('key'),
      id: t.id,
    })
    .from(t)
    .where(and(...where, after));
}

/**
 * A page of connection and My Network requests by sent date, merged in one statement (a union of the two
 * tables ordered by date, kind and id), each with its row, its deal and its two sides' names (the expert and the
 * company, or the initiator and the recipient); and how many of both match the filter.
 */
export async function readRequestsPage(ex: Executor, q: RequestPageQuery): Promise<ListPage<RequestRecord>> {
  const conn = connectionWhere(q);
  const net = networkWhere(q);
  if (q.memberIds?.length === 0 || (!conn && !net)) return { rows: [], total: 0 };
  const branches = [
    ...(conn ? [branch('connection', conn, q.after.connection, q.order)] : []),
    ...(net ? [branch('network', net, q.after.network, q.order)] : []),
  ];
  const dir = q.order === 'asc' ? 'ASC' : 'DESC';
  const byDate = (on: string) => sql.raw(`${on}sent_at ${dir}, ${on}kind_rank ${dir}, ${on}id ${dir}`);
  const page = sql`(${sql.join(branches, sql` UNION ALL `)} ORDER BY ${byDate('')} LIMIT ${q.limit}) AS page`;
  const cr = connectionRequests;
  const nr = networkRequests;
  const counts = [
    ...(conn
      ? [
          qb
            .select({ n: count() })
            .from(cr)
            .where(and(...conn)),
        ]
      : []),
    ...(net
      ? [
          qb
            .select({ n: count() })
            .from(nr)
            .where(and(...net)),
        ]
      : []),
  ];
  const [rows, counted] = await Promise.all([
    ex
      .select({
        kind: sql<RequestKind>`page.kind`,
        key: sql<string>`page.key`,
        connection: cr,
        network: nr,
        // A connection request's deal is its suggestion's (the same id).
        suggestionDealId: matchSuggestions.dealId,
        firstName: shownName(sql`coalesce(${cr.expertId}, ${nr.initiatorId})`),
        secondName: shownName(sql`coalesce(${cr.companyId}, ${nr.recipientId})`),
      })
      .from(page)
      .leftJoin(cr, sql`page.kind = 'connection' AND ${cr.id} = page.id`)
      .leftJoin(matchSuggestions, eq(matchSuggestions.id, cr.id))
      .leftJoin(nr, sql`page.kind = 'network' AND ${nr.id} = page.id`)
      .orderBy(byDate('page.')),
    ex.execute(sql`SELECT ${sql.join(counts, sql` + `)} AS n`) as unknown as Promise<{
      rows: { n: unknown }[];
    }>,
  ]);
  return {
    rows: rows.map(({ kind, key, connection, network, suggestionDealId, firstName, secondName }) =>
      kind === 'connection'
        ? { kind, key, row: connection!, dealId: suggestionDealId ?? null, firstName, secondName }
        : { kind, key, row: network!, firstName, secondName },
    ),
    total: Number(counted.rows[0]?.n ?? 0),
  };
}
