import type { CompanyMatchFacets, ExpertMatchFacets, ProfileType } from '@intergen/domain';
import { and, asc, desc, eq, gt, ne, not, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  companies,
  experts,
  matchingRuns,
  matchScores,
  matchSuggestions,
  settings,
  users,
} from '../../db/schema.ts';
import type { CardRow } from './matching.model.ts';

/** The rows of a raw statement, whichever driver ran it (both answer `{ rows }`). */
async function rowsOf<T>(ex: Executor, query: SQL): Promise<T[]> {
  return ((await ex.execute(query)) as unknown as { rows: T[] }).rows;
}

// Facets: what the scorer reads of a profile.

/** The columns the scorer reads of an expert (also read by the connections module for explanations). */
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
export async function findMember(ex: Executor, id: string): Promise<MatchingMember | null> {
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

// Scores

/** One pair's score for an upsert; a list of them is sent as three arrays. */
export interface ScoreRow {
  expertId: string;
  companyId: string;
  score: number;
}

/**
 * Writes the scores of many pairs in one statement: new pairs are inserted, existing ones updated only when the
 * value changed (`WHERE score <> EXCLUDED.score`), so an unchanged pair is not written at all. Rows are sent
 * sorted by pair so concurrent upserts lock rows in one order. Returns how many rows were written.
 */
export async function upsertScores(ex: Executor, rows: readonly ScoreRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const sorted = [...rows].sort((a, b) =>
    a.expertId === b.expertId
      ? a.companyId < b.companyId
        ? -1
        : a.companyId > b.companyId
          ? 1
          : 0
      : a.expertId < b.expertId
        ? -1
        : 1,
  );
  const [result] = await rowsOf<{ written: number }>(
    ex,
    sql`WITH written AS (
      INSERT INTO match_scores (expert_id, company_id, score)
      SELECT * FROM unnest(
        ${sql.param(sorted.map((r) => r.expertId))}::text[],
        ${sql.param(sorted.map((r) => r.companyId))}::text[],
        ${sql.param(sorted.map((r) => r.score))}::int[])
      ON CONFLICT (expert_id, company_id) DO UPDATE SET score = EXCLUDED.score, updated_at = now()
      WHERE match_scores.score <> EXCLUDED.score
      RETURNING 1)
    SELECT count(*)::int AS written FROM written`,
  );
  return Number(result?.written ?? 0);
}

/** The stored score of a pair, or null. */
export async function findScore(ex: Executor, expertId: string, companyId: string): Promise<number | null> {
  const [row] = await ex
    .select({ score: matchScores.score })
    .from(matchScores)
    .where(and(eq(matchScores.expertId, expertId), eq(matchScores.companyId, companyId)));
  return row?.score ?? null;
}

// Suggestions

export type SuggestionRow = typeof matchSuggestions.$inferSelect;

/** Inserts a suggestion unless the pair has one; returns whether it was inserted. */
export async function insertSuggestion(
  ex: Executor,
  row: typeof matchSuggestions.$inferInsert,
): Promise<boolean> {
  const inserted = await ex
    .insert(matchSuggestions)
    .values(row)
    .onConflictDoNothing({ target: [matchSuggestions.expertId, matchSuggestions.companyId] })
    .returning({ id: matchSuggestions.id });
  return inserted.length > 0;
}

export async function findSuggestion(ex: Executor, id: string): Promise<SuggestionRow | null> {
  const [row] = await ex.select().from(matchSuggestions).where(eq(matchSuggestions.id, id));
  return row ?? null;
}

export async function findSuggestionByPair(
  ex: Executor,
  expertId: string,
  companyId: string,
): Promise<SuggestionRow | null> {
  const [row] = await ex
    .select()
    .from(matchSuggestions)
    .where(and(eq(matchSuggestions.expertId, expertId), eq(matchSuggestions.companyId, companyId)));
  return row ?? null;
}

/** The counterparts that already have a suggestion with this member (whatever its state). */
export async function suggestedCounterparts(
  ex: Executor,
  kind: ProfileType,
  id: string,
): Promise<Set<string>> {
  const rows =
    kind === 'expert'
      ? await ex
          .select({ other: matchSuggestions.companyId })
          .from(matchSuggestions)
          .where(eq(matchSuggestions.expertId, id))
      : await ex
          .select({ other: matchSuggestions.expertId })
          .from(matchSuggestions)
          .where(eq(matchSuggestions.companyId, id));
  return new Set(rows.map((r) => r.other));
}

/** Whether the matching job of this domain event already made its suggestions. */
export async function hasSuggestionsFromEvent(ex: Executor, eventId: number): Promise<boolean> {
  const rows = await ex
    .select({ id: matchSuggestions.id })
    .from(matchSuggestions)
    .where(eq(matchSuggestions.sourceEventId, eventId))
    .limit(1);
  return rows.length > 0;
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

/** Sets one side's not-interested flag on a suggestion; returns false when it was set already. */
export async function markSuggestionDismissed(ex: Executor, id: string, by: ProfileType): Promise<boolean> {
  const flag = by === 'expert' ? matchSuggestions.notInterested : matchSuggestions.notInterestedByCompany;
  const rows = await ex
    .update(matchSuggestions)
    .set(by === 'expert' ? { notInterested: true } : { notInterestedByCompany: true })
    .where(and(eq(matchSuggestions.id, id), eq(flag, false)))
    .returning({ id: matchSuggestions.id });
  return rows.length > 0;
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

// Cards

/** The columns an expert's card is made from (`toProfileCard`), shared with the connections module. */
export const expertCardColumns = {
  id: experts.id,
  name: experts.name,
  companyName: sql<string | null>`NULL::text`.as('company_name'),
  slogan: sql<string | null>`NULL::text`.as('slogan'),
  aboutLine: sql<string | null>`split_part(${experts.about}, E'\\n', 1)`.as('about_line'),
  profileImage: experts.profileImage,
  isVerified: experts.isVerified,
  experience: experts.experience,
  areasOfImprovement: experts.areasOfImprovement,
  averageRating: experts.averageRating,
  numberOfRatings: experts.numberOfRatings,
};
/** The columns a company's card is made from. */
export const companyCardColumns = {
  id: companies.id,
  name: companies.name,
  companyName: companies.companyName,
  slogan: companies.slogan,
  aboutLine: sql<string | null>`NULL::text`.as('about_line'),
  profileImage: companies.profileImage,
  isVerified: sql<boolean>`false`.as('is_verified'),
  experience: companies.experience,
  areasOfImprovement: companies.areasOfImprovement,
  averageRating: companies.averageRating,
  numberOfRatings: companies.numberOfRatings,
};

/** A suggestion as its member sees it: the suggestion, the counterpart's card and the counterpart's facets. */
export interface SuggestionWithCounterpart {
  suggestion: SuggestionRow;
  card: CardRow;
  facets: ExpertMatchFacets | CompanyMatchFacets;
}

/**
 * An expert's suggestions to show: not requested, not dismissed by the expert, the company still published
 * and not on the expert's not-interested list; newest first.
 */
export async function listSuggestionsOfExpert(
  ex: Executor,
  expertId: string,
): Promise<SuggestionWithCounterpart[]> {
  const rows = await ex
    .select({ suggestion: matchSuggestions, card: companyCardColumns, facets: companyFacetColumns })
    .from(matchSuggestions)
    .innerJoin(companies, eq(companies.id, matchSuggestions.companyId))
    .innerJoin(experts, eq(experts.id, matchSuggestions.expertId))
    .where(
      and(
        eq(matchSuggestions.expertId, expertId),
        eq(matchSuggestions.requestSent, false),
        eq(matchSuggestions.notInterested, false),
        eq(companies.profilePublished, true),
        not(sql`${companies.id} = ANY(${experts.notInterestedCompanies})`),
      ),
    )
    .orderBy(desc(matchSuggestions.createdAt), desc(matchSuggestions.id));
  return rows.map((r) => ({
    suggestion: r.suggestion,
    card: r.card as CardRow,
    facets: companyFacets(r.facets),
  }));
}

/** A company's suggestions to show; the mirror of `listSuggestionsOfExpert`. */
export async function listSuggestionsOfCompany(
  ex: Executor,
  companyId: string,
): Promise<SuggestionWithCounterpart[]> {
  const rows = await ex
    .select({ suggestion: matchSuggestions, card: expertCardColumns, facets: expertFacetColumns })
    .from(matchSuggestions)
    .innerJoin(experts, eq(experts.id, matchSuggestions.expertId))
    .innerJoin(companies, eq(companies.id, matchSuggestions.companyId))
    .where(
      and(
        eq(matchSuggestions.companyId, companyId),
        eq(matchSuggestions.requestSent, false),
        eq(matchSuggestions.notInterestedByCompany, false),
        eq(experts.profilePublished, true),
        not(sql`${experts.id} = ANY(${companies.notInterestedExperts})`),
      ),
    )
    .orderBy(desc(matchSuggestions.createdAt), desc(matchSuggestions.id));
  return rows.map((r) => ({
    suggestion: r.suggestion,
    card: r.card as CardRow,
    facets: expertFacets(r.facets),
  }));
}

// Matching lists

export interface ListFilter {
  /** Lower-cased already. */
  searchText?: string | undefined;
  industries: readonly string[];
  expertise: readonly string[];
  investments?: 'yes' | undefined;
  boardPositions?: 'yes' | undefined;
  cursor?: string | undefined;
  pageSize: number;
}

const flagsObject = (codes: readonly string[]) =>
  JSON.stringify(Object.fromEntries(codes.map((code) => [code, true])));

/** The filters both lists share, over one profile table. */
function listConditions(
  t: typeof experts | typeof companies,
  filter: ListFilter,
  nameMatches: (text: string) => SQL,
): SQL[] {
  const where: SQL[] = [eq(t.profilePublished, true)];
  if (filter.cursor) where.push(gt(t.id, filter.cursor));
  if (filter.searchText) where.push(nameMatches(filter.searchText));
  // `@>` with jsonb_path_ops GIN indexes: every selected flag must be true.
  if (filter.industries.length > 0)
    where.push(sql`${t.experience} @> ${flagsObject(filter.industries)}::jsonb`);
  if (filter.expertise.length > 0) {
    where.push(sql`${t.areasOfImprovement} @> ${flagsObject(filter.expertise)}::jsonb`);
  }
  if (filter.investments) where.push(eq(t.investmentOpportunities, 'yes'));
  if (filter.boardPositions) where.push(eq(t.boardOpportunities, 'yes'));
  return where;
}

/** The card columns of a page subquery, selected again by the outer query that joins the scores. */
function pageCard<
  P extends {
    [K in keyof CardRow]: unknown;
  },
>(p: P) {
  return {
    id: p.id,
    name: p.name,
    companyName: p.companyName,
    slogan: p.slogan,
    aboutLine: p.aboutLine,
    profileImage: p.profileImage,
    isVerified: p.isVerified,
    experience: p.experience,
    areasOfImprovement: p.areasOfImprovement,
    averageRating: p.averageRating,
    numberOfRatings: p.numberOfRatings,
  } as { [K in keyof CardRow]: P[K] };
}

/** A page of a matching list: one more row than the page size is read, to tell whether more follow. */
export type ListedRow = CardRow & { score: number | null };

/**
 * A keyset page of published, non-private experts in id order, without `excludeId`. With `scoreWithCompany`,
 * each row carries the stored score between that company and the expert.
 */
export async function listExpertsPage(
  ex: Executor,
  filter: ListFilter,
  opts: { excludeId?: string; scoreWithCompany?: string },
): Promise<ListedRow[]> {
  const where = listConditions(experts, filter, (text) => sql`strpos(lower(${experts.name}), ${text}) > 0`);
  where.push(eq(experts.private, false));
  if (opts.excludeId) where.push(ne(experts.id, opts.excludeId));
  const page = ex
    .select(expertCardColumns)
    .from(experts)
    .where(and(...where))
    .orderBy(asc(experts.id))
    .limit(filter.pageSize + 1);
  if (!opts.scoreWithCompany) {
    return (await page).map((r) => ({ ...(r as CardRow), score: null }));
  }
  const p = page.as('page');
  const rows = await ex
    .select({ ...pageCard(p), score: matchScores.score })
    .from(p)
    .leftJoin(
      matchScores,
      and(eq(matchScores.expertId, p.id), eq(matchScores.companyId, opts.scoreWithCompany)),
    )
    .orderBy(asc(p.id));
  return rows.map((r) => ({ ...r, score: r.score ?? null }));
}

/** A keyset page of published companies in id order, each with its stored score with `scoreWithExpert`. */
export async function listCompaniesPage(
  ex: Executor,
  filter: ListFilter,
  opts: { scoreWithExpert: string },
): Promise<ListedRow[]> {
  const where = listConditions(
    companies,
    filter,
    (text) =>
      sql`(strpos(lower(${companies.name}), ${text}) > 0 OR strpos(lower(coalesce(${companies.companyName}, '')), ${text}) > 0)`,
  );
  const p = ex
    .select(companyCardColumns)
    .from(companies)
    .where(and(...where))
    .orderBy(asc(companies.id))
    .limit(filter.pageSize + 1)
    .as('page');
  const rows = await ex
    .select({ ...pageCard(p), score: matchScores.score })
    .from(p)
    .leftJoin(
      matchScores,
      and(eq(matchScores.companyId, p.id), eq(matchScores.expertId, opts.scoreWithExpert)),
    )
    .orderBy(asc(p.id));
  return rows.map((r) => ({ ...r, score: r.score ?? null }));
}

// Admin pickers

export interface CandidateRow {
  id: string;
  name: string;
  companyName: string | null;
  published: boolean;
  pending: boolean;
}

/**
 * Profiles an admin may pick for a suggestion: experts published or pending, companies published; optionally
 * those whose (company) name contains `search` (lower-cased), by name, at most `limit`.
 */
export async function listCandidates(
  ex: Executor,
  kind: ProfileType,
  search: string | undefined,
  limit: number,
): Promise<CandidateRow[]> {
  if (kind === 'expert') {
    const where: SQL[] = [or(eq(experts.profilePublished, true), eq(experts.profilePending, true))!];
    if (search) where.push(sql`strpos(lower(${experts.name}), ${search}) > 0`);
    const rows = await ex
      .select({
        id: experts.id,
        name: experts.name,
        published: experts.profilePublished,
        pending: experts.profilePending,
      })
      .from(experts)
      .where(and(...where))
      .orderBy(asc(sql`lower(${experts.name})`), asc(experts.id))
      .limit(limit);
    return rows.map((r) => ({ ...r, companyName: null }));
  }
  const where: SQL[] = [eq(companies.profilePublished, true)];
  if (search) {
    where.push(
      sql`(strpos(lower(${companies.name}), ${search}) > 0 OR strpos(lower(coalesce(${companies.companyName}, '')), ${search}) > 0)`,
    );
  }
  return ex
    .select({
      id: companies.id,
      name: companies.name,
      companyName: companies.companyName,
      published: companies.profilePublished,
      pending: companies.profilePending,
    })
    .from(companies)
    .where(and(...where))
    .orderBy(asc(sql`lower(${companies.name})`), asc(companies.id))
    .limit(limit);
}

// Runs

export type MatchingRunRow = typeof matchingRuns.$inferSelect;

export async function insertRun(
  ex: Executor,
  row: typeof matchingRuns.$inferInsert,
): Promise<MatchingRunRow> {
  const [inserted] = await ex.insert(matchingRuns).values(row).returning();
  return inserted!;
}

export async function findRun(ex: Executor, id: string): Promise<MatchingRunRow | null> {
  const [row] = await ex.select().from(matchingRuns).where(eq(matchingRuns.id, id));
  return row ?? null;
}

export async function latestRun(ex: Executor): Promise<MatchingRunRow | null> {
  const [row] = await ex
    .select()
    .from(matchingRuns)
    .orderBy(desc(matchingRuns.createdAt), desc(matchingRuns.id))
    .limit(1);
  return row ?? null;
}

/** Serialises run starts for the rest of the transaction (one batch at a time). */
export async function lockRuns(tx: Executor): Promise<void> {
  await tx.execute(sql`LOCK TABLE matching_runs IN SHARE ROW EXCLUSIVE MODE`);
}

/** A run still queued or running, if any (one batch at a time). */
export async function activeRun(ex: Executor): Promise<MatchingRunRow | null> {
  const [row] = await ex
    .select()
    .from(matchingRuns)
    .where(sql`${matchingRuns.status} IN ('queued', 'running')`)
    .orderBy(desc(matchingRuns.createdAt))
    .limit(1);
  return row ?? null;
}

export async function updateRun(
  ex: Executor,
  id: string,
  patch: Partial<Omit<typeof matchingRuns.$inferInsert, 'id'>>,
): Promise<void> {
  await ex.update(matchingRuns).set(patch).where(eq(matchingRuns.id, id));
}

// Settings

/** The JSON value of a settings key, or null. */
export async function readSetting(ex: Executor, key: string): Promise<unknown> {
  const [row] = await ex.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value ?? null;
}
