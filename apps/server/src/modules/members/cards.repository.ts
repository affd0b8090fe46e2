import type { CompanyMatchFacets, ExpertMatchFacets, ProfileType } from '@intergen/domain';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, contactInfo, experts } from '../../db/schema.ts';
import { companyFacetColumns, companyFacets, expertFacetColumns, expertFacets } from './facets.repository.ts';
import type { CardRow } from './members.model.ts';
import { isGone } from './state.repository.ts';

// Cards: what other members see of a member in lists, and the contact details connected members see.

/** The columns an expert's card is made from (`toProfileCard`). */
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

/** Contact details, shown only between connected members. */
export interface MemberContact {
  email: string | null;
  phone: string | null;
  linkedin: string | null;
  jobTitle: string | null;
}

/** A member as the other side of a suggestion or request sees them. */
export interface Counterpart {
  card: CardRow;
  facets: ExpertMatchFacets | CompanyMatchFacets;
  contact: MemberContact | null;
  published: boolean;
  /** Gone from the platform (disabled, deactivated, unpublished by the team): out of others' views. */
  gone: boolean;
}

/** What a counterpart is read as: card, facets, contact row and state. */
function counterpartColumns(kind: ProfileType) {
  const t = kind === 'expert' ? experts : companies;
  return {
    card: kind === 'expert' ? expertCardColumns : companyCardColumns,
    facets: kind === 'expert' ? expertFacetColumns : companyFacetColumns,
    contact: {
      email: contactInfo.email,
      phone: contactInfo.phone,
      linkedin: contactInfo.linkedin,
      jobTitle: contactInfo.jobTitle,
    },
    published: t.profilePublished,
    gone: sql<boolean>`${isGone(t)}`,
  };
}

type CounterpartColumns = ReturnType<typeof counterpartColumns>;
type CounterpartRecord = {
  card: unknown;
  facets: Record<keyof CounterpartColumns['facets'], unknown>;
  contact: unknown;
  published: boolean;
  gone: boolean;
};

function toCounterpart(kind: ProfileType, r: CounterpartRecord): Counterpart {
  return {
    card: r.card as CardRow,
    facets: kind === 'expert' ? expertFacets(r.facets) : companyFacets(r.facets),
    contact: (r.contact as MemberContact | null) ?? null,
    published: r.published,
    gone: r.gone === true,
  };
}

/** The members of a kind among `ids` as counterparts: card, facets, contact row and state, by id. */
export async function counterpartsOf(
  ex: Executor,
  kind: ProfileType,
  ids: readonly string[],
): Promise<Map<string, Counterpart>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const t = kind === 'expert' ? experts : companies;
  const rows = await ex
    .select(counterpartColumns(kind))
    .from(t)
    .leftJoin(contactInfo, eq(contactInfo.userId, t.id))
    .where(inArray(t.id, unique));
  return new Map(rows.map((r) => [(r.card as CardRow).id, toCounterpart(kind, r)]));
}

/**
 * A counterpart's columns as one flat row, each read once (the card's industries and areas are facets too), and
 * the contact row only when asked for: what the read models of lists with counterparts read (the suggestions, the connection buckets). A list's rows are parsed and mapped column by
 * column, so a column fewer is time saved on every row.
 */
export function listedColumns(kind: ProfileType, withContact: boolean) {
  const t = kind === 'expert' ? experts : companies;
  const card = kind === 'expert' ? expertCardColumns : companyCardColumns;
  const facets = kind === 'expert' ? expertFacetColumns : companyFacetColumns;
  return {
    ...card,
    idealEngagement: facets.idealEngagement,
    currentStage: facets.currentStage,
    arrangement: facets.arrangement,
    businessType: facets.businessType,
    investmentOpportunities: facets.investmentOpportunities,
    boardOpportunities: facets.boardOpportunities,
    ...(withContact
      ? {
          contactEmail: contactInfo.email,
          contactPhone: contactInfo.phone,
          contactLinkedin: contactInfo.linkedin,
          contactJobTitle: contactInfo.jobTitle,
        }
      : {}),
    published: t.profilePublished,
    gone: sql<boolean>`${isGone(t)}`,
  };
}

export type ListedRecord = Record<keyof ReturnType<typeof listedColumns>, unknown> & {
  contactEmail?: string | null;
  contactPhone?: string | null;
  contactLinkedin?: string | null;
  contactJobTitle?: string | null;
};

/** A flat row of `listedColumns` as the `Counterpart` that `counterpartsOf` gives for the same member. */
export function listedCounterpart(kind: ProfileType, r: ListedRecord, withContact: boolean): Counterpart {
  const card: CardRow = {
    id: r.id as string,
    name: r.name as string,
    companyName: r.companyName as string | null,
    slogan: r.slogan as string | null,
    aboutLine: r.aboutLine as string | null,
    profileImage: r.profileImage as CardRow['profileImage'],
    isVerified: r.isVerified as boolean,
    experience: r.experience as CardRow['experience'],
    areasOfImprovement: r.areasOfImprovement as CardRow['areasOfImprovement'],
    averageRating: r.averageRating as number,
    numberOfRatings: r.numberOfRatings as number,
  };
  const facets = {
    areasOfImprovement: r.areasOfImprovement ?? null,
    experience: r.experience ?? null,
    idealEngagement: r.idealEngagement ?? null,
    currentStage: r.currentStage ?? null,
    arrangement: r.arrangement ?? null,
    businessType: r.businessType ?? null,
    investmentOpportunities: r.investmentOpportunities ?? null,
    boardOpportunities: r.boardOpportunities ?? null,
  };
  // As a left join gives it: no contact row, every column null (then `counterpartsOf` has none either).
  const contact =
    withContact && r.contactEmail != null
      ? {
          email: r.contactEmail,
          phone: r.contactPhone ?? null,
          linkedin: r.contactLinkedin ?? null,
          jobTitle: r.contactJobTitle ?? null,
        }
      : null;
  return {
    card,
    facets: kind === 'expert' ? (facets as ExpertMatchFacets) : (facets as CompanyMatchFacets),
    contact,
    published: r.published as boolean,
    gone: r.gone === true,
  };
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
