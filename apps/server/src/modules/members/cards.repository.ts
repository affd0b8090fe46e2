import type { CompanyMatchFacets, ExpertMatchFacets, ProfileType } from '@intergen/domain';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, contactInfo, experts } from '../../db/schema.ts';
import type { ViaSource } from '../../db/via.ts';
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
 * Another module's rows (`via`: a statement with a `member_id` column naming a member of `kind`) each with that
 * member as a counterpart, in the statement's order, in one round trip. Rows whose member has no profile of
 * `kind` are left out (as `counterpartsOf` has no entry for them).
 */
export async function counterpartsVia<Row>(
  ex: Executor,
  kind: ProfileType,
  via: ViaSource<Row>,
): Promise<{ row: Row; counterpart: Counterpart }[]> {
  const t = kind === 'expert' ? experts : companies;
  const rows = await ex
    .select({ ...counterpartColumns(kind), via: via.fields as Record<string, SQL> })
    .from(t)
    .innerJoin(sql`(${via.source}) AS via`, sql`via.member_id = ${t.id}`)
    .leftJoin(contactInfo, eq(contactInfo.userId, t.id))
    .orderBy(via.order);
  return rows.map((r) => ({ row: r.via as Row, counterpart: toCounterpart(kind, r) }));
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
