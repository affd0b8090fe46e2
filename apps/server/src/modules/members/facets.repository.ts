import type { CompanyMatchFacets, ExpertMatchFacets } from '@intergen/domain';
import { and, asc, eq, inArray, not, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, experts, users } from '../../db/schema.ts';
import type { MemberRows } from './users.repository.ts';

// Facets: what the scorer reads of a profile, and the lists that keep pairs apart.

/** The columns the scorer reads of a profile: experts and companies have the same facet columns. */
const facetColumnsOf = (t: typeof experts | typeof companies) => ({
  areasOfImprovement: t.areasOfImprovement,
  experience: t.experience,
  idealEngagement: t.idealEngagement,
  currentStage: t.currentStage,
  arrangement: t.arrangement,
  businessType: t.businessType,
  investmentOpportunities: t.investmentOpportunities,
  boardOpportunities: t.boardOpportunities,
});
export const expertFacetColumns = facetColumnsOf(experts);
export const companyFacetColumns = facetColumnsOf(companies);

/** A member as matching sees it: status, facets and the ids they said they are not interested in. */
export type MatchingMember = {
  id: string;
  name: string;
  companyName: string | null;
  published: boolean;
  pending: boolean;
  private: boolean;
  /** Companies (expert) or experts (company) this member does not want to be matched with. */
  notInterested: string[];
  /** Experts this member does not want to see (both kinds have the list). */
  notInterestedExperts: string[];
} & ({ kind: 'expert'; facets: ExpertMatchFacets } | { kind: 'company'; facets: CompanyMatchFacets });

/** The member `id` with matching's view of their profile, or null when there is no such member. */
export async function findMatchingMember(ex: Executor, id: string): Promise<MatchingMember | null> {
  const [user] = await ex.select({ kind: users.kind }).from(users).where(eq(users.id, id));
  if (user?.kind === 'expert') {
    const [row] = await ex
      .select({
        id: experts.id,
        name: experts.name,
        published: experts.profilePublished,
        pending: experts.profilePending,
        private: experts.private,
        notInterestedCompanies: experts.notInterestedCompanies,
        notInterestedExperts: experts.notInterestedExperts,
        ...expertFacetColumns,
      })
      .from(experts)
      .where(eq(experts.id, id));
    if (!row) return null;
    const { notInterestedCompanies, notInterestedExperts, published, pending, ...rest } = row;
    return {
      id: rest.id,
      kind: 'expert',
      name: rest.name,
      companyName: null,
      published,
      pending,
      private: rest.private,
      notInterested: notInterestedCompanies,
      notInterestedExperts,
      facets: expertFacets(rest),
    };
  }
  if (user?.kind === 'company') {
    const [row] = await ex
      .select({
        id: companies.id,
        name: companies.name,
        companyName: companies.companyName,
        published: companies.profilePublished,
        pending: companies.profilePending,
        notInterestedExperts: companies.notInterestedExperts,
        ...companyFacetColumns,
      })
      .from(companies)
      .where(eq(companies.id, id));
    if (!row) return null;
    return {
      id: row.id,
      kind: 'company',
      name: row.name,
      companyName: row.companyName,
      published: row.published,
      pending: row.pending,
      private: false,
      notInterested: row.notInterestedExperts,
      notInterestedExperts: row.notInterestedExperts,
      facets: companyFacets(row),
    };
  }
  return null;
}

/**
 * `findMatchingMember` of a member whose rows are already read (the session lookup's `member`, `readLiveSession`):
 * null when the account has no profile of its kind, as `findMatchingMember` answers.
 */
export function matchingMemberOf({ user, expert, company }: MemberRows): MatchingMember | null {
  if (user.kind === 'expert' && expert) {
    return {
      id: expert.id,
      kind: 'expert',
      name: expert.name,
      companyName: null,
      published: expert.profilePublished,
      pending: expert.profilePending,
      private: expert.private,
      notInterested: expert.notInterestedCompanies,
      notInterestedExperts: expert.notInterestedExperts,
      facets: expertFacets(expert),
    };
  }
  if (user.kind === 'company' && company) {
    return {
      id: company.id,
      kind: 'company',
      name: company.name,
      companyName: company.companyName,
      published: company.profilePublished,
      pending: company.profilePending,
      private: false,
      notInterested: company.notInterestedExperts,
      notInterestedExperts: company.notInterestedExperts,
      facets: companyFacets(company),
    };
  }
  return null;
}

type FacetRow = Record<keyof typeof expertFacetColumns, unknown>;

/** A facet row as the scorer reads it (a missing value is null). */
function toFacets(row: FacetRow): Record<keyof FacetRow, unknown> {
  const facets = {} as Record<keyof FacetRow, unknown>;
  for (const key of Object.keys(expertFacetColumns) as (keyof FacetRow)[]) facets[key] = row[key] ?? null;
  return facets;
}
export const expertFacets = (row: FacetRow) => toFacets(row) as ExpertMatchFacets;
export const companyFacets = (row: FacetRow) => toFacets(row) as CompanyMatchFacets;

/** Published profiles of one kind, in id order, with their facets (the scorer's input). */
export interface FacetList<F> {
  ids: string[];
  facets: F[];
  /** Per profile: it said it is not interested in `dismissedBy` (when given). */
  dismissed: boolean[];
}

/**
 * Every published profile of a table with facets, in id order. With `notInterestedIn`, each row also says
 * whether that profile put the member on its not-interested list (`notInterestedColumn`).
 */
async function listPublishedFacets(
  ex: Executor,
  t: typeof experts | typeof companies,
  notInterestedColumn: typeof experts.notInterestedCompanies | typeof companies.notInterestedExperts,
  notInterestedIn: string | undefined,
): Promise<FacetList<Record<keyof FacetRow, unknown>>> {
  const rows = await ex
    .select({
      id: t.id,
      dismissed: notInterestedIn
        ? sql<boolean>`${notInterestedIn} = ANY(${notInterestedColumn})`
        : sql<boolean>`false`,
      ...facetColumnsOf(t),
    })
    .from(t)
    .where(eq(t.profilePublished, true))
    .orderBy(asc(t.id));
  return {
    ids: rows.map((r) => r.id),
    facets: rows.map(toFacets),
    dismissed: rows.map((r) => r.dismissed === true),
  };
}

/** Every published expert with facets; with `notInterestedIn`, whether each put that company aside. */
export const listPublishedExpertFacets = (ex: Executor, notInterestedIn?: string) =>
  listPublishedFacets(ex, experts, experts.notInterestedCompanies, notInterestedIn) as Promise<
    FacetList<ExpertMatchFacets>
  >;

/** Every published company with facets; with `notInterestedIn`, whether each put that expert aside. */
export const listPublishedCompanyFacets = (ex: Executor, notInterestedIn?: string) =>
  listPublishedFacets(ex, companies, companies.notInterestedExperts, notInterestedIn) as Promise<
    FacetList<CompanyMatchFacets>
  >;

/** Adds each side of a pair to the other's suggested ids (once). */
export async function addSuggestedIds(ex: Executor, expertId: string, companyId: string): Promise<void> {
  await ex
    .update(experts)
    .set({ suggestedCompanyIds: sql`array_append(${experts.suggestedCompanyIds}, ${companyId}::text)` })
    .where(and(eq(experts.id, expertId), not(sql`${companyId}::text = ANY(${experts.suggestedCompanyIds})`)));
  await ex
    .update(companies)
    .set({ suggestedExpertIds: sql`array_append(${companies.suggestedExpertIds}, ${expertId}::text)` })
    .where(
      and(eq(companies.id, companyId), not(sql`${expertId}::text = ANY(${companies.suggestedExpertIds})`)),
    );
}

/** The not-interested lists a member can append to. */
export type NotInterestedList = 'expert.companies' | 'expert.experts' | 'company.experts';

/** Appends an id to one of a member's not-interested lists; returns false when it was there already. */
export async function appendNotInterested(
  ex: Executor,
  list: NotInterestedList,
  ownerId: string,
  otherId: string,
): Promise<boolean> {
  if (list === 'company.experts') {
    const rows = await ex
      .update(companies)
      .set({ notInterestedExperts: sql`array_append(${companies.notInterestedExperts}, ${otherId}::text)` })
      .where(
        and(eq(companies.id, ownerId), not(sql`${otherId}::text = ANY(${companies.notInterestedExperts})`)),
      )
      .returning({ id: companies.id });
    return rows.length > 0;
  }
  const column = list === 'expert.companies' ? experts.notInterestedCompanies : experts.notInterestedExperts;
  const set =
    list === 'expert.companies'
      ? { notInterestedCompanies: sql`array_append(${column}, ${otherId}::text)` }
      : { notInterestedExperts: sql`array_append(${column}, ${otherId}::text)` };
  const rows = await ex
    .update(experts)
    .set(set)
    .where(and(eq(experts.id, ownerId), not(sql`${otherId}::text = ANY(${column})`)))
    .returning({ id: experts.id });
  return rows.length > 0;
}

/**
 * The published profiles among `ids`, with their facets, by kind (for matching's packed counterparts: any of
 * `ids` not returned is not a counterpart now — unpublished, paused, deactivated or deleted).
 */
export async function publishedFacetsOf(
  ex: Executor,
  ids: readonly string[],
): Promise<{ experts: FacetList<ExpertMatchFacets>; companies: FacetList<CompanyMatchFacets> }> {
  const read = async (t: typeof experts | typeof companies) => {
    if (ids.length === 0) return { ids: [], facets: [], dismissed: [] };
    const rows = await ex
      .select({ id: t.id, ...facetColumnsOf(t) })
      .from(t)
      .where(and(eq(t.profilePublished, true), sql`${t.id} = ANY(${sql.param([...ids])}::text[])`));
    return { ids: rows.map((r) => r.id), facets: rows.map(toFacets), dismissed: rows.map(() => false) };
  };
  return {
    experts: (await read(experts)) as FacetList<ExpertMatchFacets>,
    companies: (await read(companies)) as FacetList<CompanyMatchFacets>,
  };
}

/**
 * The facets of an expert and of a company, whatever their status (a request's parties), for scoring the pair on
 * read; null for one that does not exist (deleted).
 */
export async function pairFacets(
  ex: Executor,
  expertId: string,
  companyId: string,
): Promise<{ expert: ExpertMatchFacets | null; company: CompanyMatchFacets | null }> {
  const [expert] = await ex.select(expertFacetColumns).from(experts).where(eq(experts.id, expertId));
  const [company] = await ex.select(companyFacetColumns).from(companies).where(eq(companies.id, companyId));
  return {
    expert: expert ? expertFacets(expert) : null,
    company: company ? companyFacets(company) : null,
  };
}

/** The published counterparts that put the member (of `kind`) on their not-interested list. */
export async function dismissersOf(
  ex: Executor,
  kind: 'expert' | 'company',
  memberId: string,
): Promise<Set<string>> {
  const rows =
    kind === 'company'
      ? await ex
          .select({ id: experts.id })
          .from(experts)
          .where(
            and(
              eq(experts.profilePublished, true),
              sql`${memberId}::text = ANY(${experts.notInterestedCompanies})`,
            ),
          )
      : await ex
          .select({ id: companies.id })
          .from(companies)
          .where(
            and(
              eq(companies.profilePublished, true),
              sql`${memberId}::text = ANY(${companies.notInterestedExperts})`,
            ),
          );
  return new Set(rows.map((r) => r.id));
}

/** Those of `ids` (profiles of `kind`) that are published or awaiting approval: they may keep their scores. */
export async function publishedOrPendingAmong(
  ex: Executor,
  kind: 'expert' | 'company',
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const t = kind === 'expert' ? experts : companies;
  const rows = await ex
    .select({ id: t.id })
    .from(t)
    .where(
      and(
        sql`${t.id} = ANY(${sql.param([...ids])}::text[])`,
        sql`(${t.profilePublished} OR ${t.profilePending})`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/**
 * Locks the profile rows of these experts and companies for the rest of the transaction, in the one order every
 * transaction that makes suggestions takes them: experts before companies, each by id. A suggestion writes both
 * members' suggested ids; taken pair by pair, a job suggesting five experts to a company held the company while
 * an admin's suggestion held one of the experts and waited for the company (a deadlock on PostgreSQL).
 */
export async function lockSuggestionMembers(
  tx: Executor,
  expertIds: readonly string[],
  companyIds: readonly string[],
): Promise<void> {
  for (const [t, ids] of [
    [experts, expertIds],
    [companies, companyIds],
  ] as const) {
    if (ids.length === 0) continue;
    await tx
      .select({ id: t.id })
      .from(t)
      .where(inArray(t.id, [...new Set(ids)]))
      .orderBy(asc(t.id))
      .for('no key update');
  }
}
