import type { CompanyMatchFacets, ExpertMatchFacets } from '@intergen/domain';
import { and, asc, eq, inArray, not, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, experts, users } from '../../db/schema.ts';

// Facets: what the scorer reads of a profile, and the lists that keep pairs apart.

/** The columns the scorer reads of an expert. */
export const expertFacetColumns = {
  areasOfImprovement: experts.areasOfImprovement,
  experience: experts.experience,
  idealEngagement: experts.idealEngagement,
  currentStage: experts.currentStage,
  arrangement: experts.arrangement,
  businessType: experts.businessType,
  investmentOpportunities: experts.investmentOpportunities,
  boardOpportunities: experts.boardOpportunities,
};
/** The columns the scorer reads of a company. */
export const companyFacetColumns = {
  areasOfImprovement: companies.areasOfImprovement,
  experience: companies.experience,
  idealEngagement: companies.idealEngagement,
  currentStage: companies.currentStage,
  arrangement: companies.arrangement,
  businessType: companies.businessType,
  investmentOpportunities: companies.investmentOpportunities,
  boardOpportunities: companies.boardOpportunities,
};

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

export function expertFacets(row: Record<keyof typeof expertFacetColumns, unknown>): ExpertMatchFacets {
  return {
    areasOfImprovement: row.areasOfImprovement ?? null,
    experience: row.experience ?? null,
    idealEngagement: row.idealEngagement ?? null,
    currentStage: row.currentStage ?? null,
    arrangement: row.arrangement ?? null,
    businessType: row.businessType ?? null,
    investmentOpportunities: row.investmentOpportunities ?? null,
    boardOpportunities: row.boardOpportunities ?? null,
  } as ExpertMatchFacets;
}

export function companyFacets(row: Record<keyof typeof companyFacetColumns, unknown>): CompanyMatchFacets {
  return {
    areasOfImprovement: row.areasOfImprovement ?? null,
    experience: row.experience ?? null,
    idealEngagement: row.idealEngagement ?? null,
    currentStage: row.currentStage ?? null,
    arrangement: row.arrangement ?? null,
    businessType: row.businessType ?? null,
    investmentOpportunities: row.investmentOpportunities ?? null,
    boardOpportunities: row.boardOpportunities ?? null,
  } as CompanyMatchFacets;
}

/** Published profiles of one kind, in id order, with their facets (the scorer's input). */
export interface FacetList<F> {
  ids: string[];
  facets: F[];
  /** Per profile: it said it is not interested in `dismissedBy` (when given). */
  dismissed: boolean[];
}

/**
 * Every published expert with facets. With `notInterestedIn`, each row also says whether that expert put the
 * company on their not-interested list.
 */
export async function listPublishedExpertFacets(
  ex: Executor,
  notInterestedIn?: string,
): Promise<FacetList<ExpertMatchFacets>> {
  const rows = await ex
    .select({
      id: experts.id,
      dismissed: notInterestedIn
        ? sql<boolean>`${notInterestedIn} = ANY(${experts.notInterestedCompanies})`
        : sql<boolean>`false`,
      ...expertFacetColumns,
    })
    .from(experts)
    .where(eq(experts.profilePublished, true))
    .orderBy(asc(experts.id));
  return {
    ids: rows.map((r) => r.id),
    facets: rows.map(expertFacets),
    dismissed: rows.map((r) => r.dismissed === true),
  };
}

/** Every published company with facets; see `listPublishedExpertFacets`. */
export async function listPublishedCompanyFacets(
  ex: Executor,
  notInterestedIn?: string,
): Promise<FacetList<CompanyMatchFacets>> {
  const rows = await ex
    .select({
      id: companies.id,
      dismissed: notInterestedIn
        ? sql<boolean>`${notInterestedIn} = ANY(${companies.notInterestedExperts})`
        : sql<boolean>`false`,
      ...companyFacetColumns,
    })
    .from(companies)
    .where(eq(companies.profilePublished, true))
    .orderBy(asc(companies.id));
  return {
    ids: rows.map((r) => r.id),
    facets: rows.map(companyFacets),
    dismissed: rows.map((r) => r.dismissed === true),
  };
}

/** The published members of a kind among `ids`, with their facets (in no particular order). */
export async function publishedFacetsOf(
  ex: Executor,
  kind: 'expert' | 'company',
  ids: readonly string[],
): Promise<Map<string, ExpertMatchFacets | CompanyMatchFacets>> {
  if (ids.length === 0) return new Map();
  if (kind === 'expert') {
    const rows = await ex
      .select({ id: experts.id, ...expertFacetColumns })
      .from(experts)
      .where(and(inArray(experts.id, [...ids]), eq(experts.profilePublished, true)));
    return new Map(rows.map((r) => [r.id, expertFacets(r)]));
  }
  const rows = await ex
    .select({ id: companies.id, ...companyFacetColumns })
    .from(companies)
    .where(and(inArray(companies.id, [...ids]), eq(companies.profilePublished, true)));
  return new Map(rows.map((r) => [r.id, companyFacets(r)]));
}

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
