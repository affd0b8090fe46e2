import { openNetworkStatuses } from '@intergen/domain';
import { and, asc, type Column, eq, inArray, ne, not, notExists, or, type SQL, sql } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { companies, experts, networkRequests, users } from '../../db/schema.ts';
import { jsonRow, preparedOnce } from '../../db/statements.ts';
import {
  type CardRow,
  type ListedRecord,
  listedColumns,
  listedCounterpart,
  type MemberName,
} from '../members/index.ts';

// The My Network search (spec 001 §6): experts connected to the same companies as the searching expert.

/** Where the previous page stopped: the last advisor's lower-cased name and id. */
export interface AdvisorCursor {
  name: string;
  id: string;
}

/** One advisor of a page: their card, and the first of their companies that the caller shares, with its name. */
export interface AdvisorRow {
  card: CardRow;
  /** The lower-cased name the page is ordered by (the cursor's `name`). */
  sortName: string;
  viaCompanyId: string;
  /** The shared company as members' `memberNames` names it; null where it names nobody (gone, no account). */
  viaCompany: MemberName | null;
}

/** The connected company ids of an expert (empty for anyone else). */
export async function connectedCompanyIdsOf(ex: Executor, expertId: string): Promise<string[]> {
  const [row] = await ex
    .select({ ids: experts.connectedCompanyIds })
    .from(experts)
    .where(eq(experts.id, expertId));
  return row?.ids ?? [];
}

const searcher = alias(experts, 'searcher');
const advisor = alias(experts, 'advisor');
const anyone = alias(experts, 'anyone');
const viaExpert = alias(experts, 'via_expert');
const callerId = sql.placeholder('callerId');

/** SQL: the profile `t` is gone from the platform (members' `isGone`: disabled, deactivated or unpublished). */
const gone = (t: Record<'deactivatedDate' | 'disableReason', Column>) =>
  sql`(${t.deactivatedDate} IS NOT NULL OR ${t.disableReason} IS NOT NULL)`;

/** The searching expert's connected companies: one row, which the page and the other reads take them from. */
const mine = new QueryBuilder()
  .select({ companyIds: searcher.connectedCompanyIds })
  .from(searcher)
  .where(eq(searcher.id, callerId))
  .as('mine');

type Offered = Record<
  'id' | 'profilePublished' | 'private' | 'connectedCompanyIds' | 'deactivatedDate' | 'disableReason',
  Column
>;
/**
 * Whom the search offers: published, public experts still on the platform, other than the caller, whose connected
 * companies overlap the caller's (any number of them: no cap of 30).
 */
const offeredBy = (t: Offered): SQL[] => [
  eq(t.profilePublished, true),
  eq(t.private, false),
  not(gone(t)),
  sql`${t.connectedCompanyIds} && ${mine.companyIds}`,
  ne(t.id, callerId),
];

/** A variant of the search: each is its own prepared statement. */
interface Variant {
  searching: boolean;
  after: boolean;
  /** Also read whether the search offers anyone at all, asked or not (`everyoneAdded`). */
  offered: boolean;
}

/**
 * One page (`limit` rows) of the advisors the search offers, without those already requesting or in the caller's
 * network, matching the search's `pattern` (a LIKE pattern on the lower-cased name), after the cursor; by
 * lower-cased name, then id.
 */
function pageOf({ searching, after }: Variant) {
  const r = networkRequests;
  const sortName = sql<string>`lower(${advisor.name})`;
  const asked = new QueryBuilder()
    .select({ one: sql`1` })
    .from(r)
    .where(
      and(
        inArray(r.status, [...openNetworkStatuses]),
        or(
          and(eq(r.initiatorId, callerId), eq(r.recipientId, advisor.id)),
          and(eq(r.recipientId, callerId), eq(r.initiatorId, advisor.id)),
        ),
      ),
    );
  const where = [...offeredBy(advisor), notExists(asked)];
  if (searching) where.push(sql`${sortName} LIKE ${sql.placeholder('pattern')}`);
  if (after) {
    const [name, id] = [sql.placeholder('afterName'), sql.placeholder('afterId')];
    where.push(or(sql`${sortName} > ${name}`, and(sql`${sortName} = ${name}`, sql`${advisor.id} > ${id}`))!);
  }
  return new QueryBuilder()
    .select({
      id: advisor.id,
      sortName: sortName.as('sort_name'),
    })
    .from(advisor)
    .where(and(...where))
    .orderBy(asc(sortName), asc(advisor.id))
    .limit(sql.placeholder('limit'))
    .as('page');
}

/** A page's field read in the outer statement (its name there, not the page's expression). */
const outer = (field: unknown) => sql`${field}`;

/**
 * The first of the advisor's connected companies (in their order) that the caller has: what the row names. A
 * lateral join, not an expression of the page's columns: Drizzle writes a one-table select's columns without their
 * table, so there the caller's companies would be read as the advisor's own.
 */
const shared = new QueryBuilder()
  .select({ companyId: sql<string>`c`.as('company_id') })
  .from(sql`unnest(${experts.connectedCompanyIds}) WITH ORDINALITY AS shared(c, i)`)
  .where(sql`c = ANY(${mine.companyIds})`)
  .orderBy(sql`i`)
  .limit(1)
  .as('shared_company');

/**
 * What the search reads a row as (one JSON array a row): the advisor's card (members' `listedColumns`), the sort
 * name and the shared company with its name as members' `memberNames` gives it (the profile's name, falling back
 * to the account's; the company's name; whether it is still on the platform); with `offered`, whether the search
 * offers anyone at all.
 */
function rowOf(page: ReturnType<typeof pageOf>, offered: boolean) {
  const anyoneOffered = new QueryBuilder()
    .select({ one: sql`1` })
    .from(anyone)
    .where(and(...offeredBy(anyone)));
  return jsonRow({
    advisor: listedColumns('expert', false),
    page: { sortName: outer(page.sortName), viaCompanyId: outer(shared.companyId) },
    via: {
      id: users.id,
      kind: users.kind,
      name: sql<string>`coalesce(${viaExpert.name}, ${companies.name}, ${users.name})`,
      companyName: companies.companyName,
      shown: sql<boolean>`(NOT ${gone(viaExpert)} AND NOT ${gone(companies)})`,
    },
    search: { offered: offered ? sql<boolean>`EXISTS (${anyoneOffered})` : sql<boolean>`false` },
  });
}

/**
 * One page of the My Network search for the expert `callerId` in one statement (prepared once per database and
 * variant): at most `limit` advisors (see `pageOf`), `searchText` (lower-cased) a substring of their name, after
 * `after`; with `offered`, whether the search would offer anyone were nobody asked yet. The caller's connected
 * companies are read in the statement (none: nobody is offered). `read` is told every advisor and shared company
 * read, shown or not (a kept list depends on them).
 */
export async function readAdvisorsPage(
  ex: Executor,
  caller: string,
  input: {
    searchText?: string | undefined;
    after?: AdvisorCursor | undefined;
    limit: number;
    offered: boolean;
  },
  read: (memberId: string) => void,
): Promise<{ rows: AdvisorRow[]; offered: boolean }> {
  const variant = { searching: !!input.searchText, after: !!input.after, offered: input.offered };
  const name = `network.advisors${variant.searching ? '-search' : ''}${variant.after ? '-after' : ''}${variant.offered ? '-offered' : ''}`;
  const page = pageOf(variant);
  const row = rowOf(page, variant.offered);
  const rows = await preparedOnce(
    ex,
    name,
    // The caller's row, then the page: a row with no advisor when the page is empty, to say what was offered.
    (on) =>
      on
        .select({ row: row.sql })
        .from(mine)
        .leftJoinLateral(page, sql`true`)
        .leftJoin(experts, eq(experts.id, page.id))
        .leftJoinLateral(shared, sql`true`)
        .leftJoin(users, eq(users.id, outer(shared.companyId)))
        .leftJoin(viaExpert, eq(viaExpert.id, users.id))
        .leftJoin(companies, eq(companies.id, users.id))
        .orderBy(asc(outer(page.sortName)), asc(page.id)),
    {
      callerId: caller,
      limit: input.limit,
      ...(input.searchText ? { pattern: `%${input.searchText.replace(/[\\%_]/g, (c) => `\\${c}`)}%` } : {}),
      ...(input.after ? { afterName: input.after.name, afterId: input.after.id } : {}),
    },
  );
  let offered = false;
  const listed = (rows as { row: unknown }[]).flatMap((r) => {
    const decoded = row.decode(r.row);
    offered = decoded.search.offered === true;
    if (decoded.advisor.id == null) return [];
    const { card } = listedCounterpart('expert', decoded.advisor as ListedRecord, false);
    const via = decoded.via as Partial<MemberName> & { shown?: boolean | null };
    const viaCompanyId = decoded.page.viaCompanyId as string;
    read(card.id);
    read(viaCompanyId);
    return [
      {
        card,
        sortName: decoded.page.sortName as string,
        viaCompanyId,
        viaCompany:
          via.id && via.kind && via.shown
            ? { id: via.id, kind: via.kind, name: via.name ?? '', companyName: via.companyName ?? null }
            : null,
      },
    ];
  });
  return { rows: listed, offered };
}
