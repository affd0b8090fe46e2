import { and, asc, eq, gt, not, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { experts } from '../../db/schema.ts';
import { expertCardColumns } from './cards.repository.ts';
import type { CardRow } from './members.model.ts';
import { isGone } from './state.repository.ts';

// The My Network search (spec 001 §6): experts connected to the same companies as the searching expert.

/** Where the previous page stopped: the last advisor's lower-cased name and id. */
export interface AdvisorCursor {
  name: string;
  id: string;
}

export interface AdvisorRow {
  card: CardRow;
  /** The advisor's connected companies (the caller's shared ones among them). */
  connectedCompanyIds: string[];
  sortName: string;
}

/** The connected company ids of an expert (empty for anyone else). */
export async function connectedCompanyIdsOf(ex: Executor, expertId: string): Promise<string[]> {
  const [row] = await ex
    .select({ ids: experts.connectedCompanyIds })
    .from(experts)
    .where(eq(experts.id, expertId));
  return row?.ids ?? [];
}

/**
 * One page of published, public experts still on the platform whose connected companies overlap `companyIds`
 * (any number of them: no cap of 30), leaving out `excludeIds`; `searchText` (lower-cased) is a substring of the
 * name. Ordered by lower-cased name, then id; `limit` rows after `after`.
 */
export async function listAdvisorsPage(
  ex: Executor,
  input: {
    companyIds: readonly string[];
    excludeIds: readonly string[];
    searchText?: string | undefined;
    after?: AdvisorCursor | undefined;
    limit: number;
  },
): Promise<AdvisorRow[]> {
  if (input.companyIds.length === 0) return [];
  const sortName = sql<string>`lower(${experts.name})`;
  const where: SQL[] = [
    eq(experts.profilePublished, true),
    eq(experts.private, false),
    not(isGone(experts)),
    sql`${experts.connectedCompanyIds} && ${sql.param([...input.companyIds])}::text[]`,
  ];
  if (input.excludeIds.length > 0) where.push(notInArray(experts.id, [...input.excludeIds]));
  if (input.searchText) {
    const pattern = `%${input.searchText.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`${sortName} LIKE ${pattern}`);
  }
  if (input.after) {
    const { name, id } = input.after;
    where.push(or(sql`${sortName} > ${name}`, and(sql`${sortName} = ${name}`, gt(experts.id, id)))!);
  }
  const rows = await ex
    .select({ card: expertCardColumns, connectedCompanyIds: experts.connectedCompanyIds, sortName })
    .from(experts)
    .where(and(...where))
    .orderBy(asc(sortName), asc(experts.id))
    .limit(input.limit);
  return rows.map((r) => ({ ...r, card: r.card as CardRow }));
}
