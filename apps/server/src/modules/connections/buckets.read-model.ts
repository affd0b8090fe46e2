import type { CompanyMatchFacets, ExpertMatchFacets, ProfileType } from '@intergen/domain';
import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, connectionRequests, contactInfo, experts } from '../../db/schema.ts';
import { jsonRow, preparedOnce } from '../../db/via.ts';
import type { CardRow, MemberContact } from '../members/index.ts';
import type { RequestWithCounterpart } from './connections.model.ts';
import type { ListedRequestRow } from './connections.repository.ts';

/** What the buckets read of a request (`ListedRequestRow`): every column but the comments and stamps. */
const r = connectionRequests;
const requestColumns = {
  id: r.id,
  expertId: r.expertId,
  companyId: r.companyId,
  requestedBy: r.requestedBy,
  message: r.message,
  seen: r.seen,
  notInterested: r.notInterested,
  accepted: r.accepted,
  dismissed: r.dismissed,
  closed: r.closed,
  isPending: r.isPending,
  requestSentAt: r.requestSentAt,
  connectedOn: r.connectedOn,
  closedOn: r.closedOn,
  expertClosedOn: r.expertClosedOn,
  companyClosedOn: r.companyClosedOn,
  expertCompletedSurvey: r.expertCompletedSurvey,
  companyCompletedSurvey: r.companyCompletedSurvey,
  expertRating: r.expertRating,
  ventureRating: r.ventureRating,
} satisfies Record<keyof ListedRequestRow, unknown>;

/**
 * What a counterpart is read as, each column once: the card as members' `counterpartsOf` makes it (an expert's
 * first line of about, a company's name and slogan), the facets "why this match" needs (the card's industries and
 * areas are facets too), the contact row (null columns without one) and whether the profile is gone from the
 * platform (members' `isGone`: disabled by its owner, deactivated or unpublished by the team).
 */
function counterpartColumns(kind: ProfileType) {
  const t = kind === 'expert' ? experts : companies;
  return {
    id: t.id,
    name: t.name,
    companyName: kind === 'expert' ? sql<string | null>`NULL::text` : companies.companyName,
    slogan: kind === 'expert' ? sql<string | null>`NULL::text` : companies.slogan,
    aboutLine:
      kind === 'expert' ? sql<string | null>`split_part(${experts.about}, E'\\n', 1)` : sql`NULL::text`,
    profileImage: t.profileImage,
    isVerified: kind === 'expert' ? experts.isVerified : sql<boolean>`false`,
    experience: t.experience,
    areasOfImprovement: t.areasOfImprovement,
    averageRating: t.averageRating,
    numberOfRatings: t.numberOfRatings,
    idealEngagement: t.idealEngagement,
    currentStage: t.currentStage,
    arrangement: t.arrangement,
    businessType: t.businessType,
    investmentOpportunities: t.investmentOpportunities,
    boardOpportunities: t.boardOpportunities,
    contactEmail: contactInfo.email,
    contactPhone: contactInfo.phone,
    contactLinkedin: contactInfo.linkedin,
    contactJobTitle: contactInfo.jobTitle,
    gone: sql<boolean>`(${t.deactivatedDate} IS NOT NULL OR ${t.disableReason} IS NOT NULL)`,
  };
}

type CounterpartRecord = Record<keyof ReturnType<typeof counterpartColumns>, unknown>;

/** A counterpart's flat columns as the card, facets and contact that `counterpartsOf` gives for the member. */
function toCounterpart(kind: ProfileType, c: CounterpartRecord): Omit<RequestWithCounterpart, 'request'> {
  const card: CardRow = {
    id: c.id as string,
    name: c.name as string,
    companyName: c.companyName as string | null,
    slogan: c.slogan as string | null,
    aboutLine: c.aboutLine as string | null,
    profileImage: c.profileImage as CardRow['profileImage'],
    isVerified: c.isVerified as boolean,
    experience: c.experience as CardRow['experience'],
    areasOfImprovement: c.areasOfImprovement as CardRow['areasOfImprovement'],
    averageRating: c.averageRating as number,
    numberOfRatings: c.numberOfRatings as number,
  };
  const facets = {
    areasOfImprovement: c.areasOfImprovement ?? null,
    experience: c.experience ?? null,
    idealEngagement: c.idealEngagement ?? null,
    currentStage: c.currentStage ?? null,
    arrangement: c.arrangement ?? null,
    businessType: c.businessType ?? null,
    investmentOpportunities: c.investmentOpportunities ?? null,
    boardOpportunities: c.boardOpportunities ?? null,
  };
  // As a left join gives it: no contact row, every column null (then `counterpartsOf` has none either).
  const contact: MemberContact | null =
    c.contactEmail != null
      ? {
          email: c.contactEmail as string,
          phone: (c.contactPhone as string | null) ?? null,
          linkedin: (c.contactLinkedin as string | null) ?? null,
          jobTitle: (c.contactJobTitle as string | null) ?? null,
        }
      : null;
  return {
    card,
    facets: kind === 'expert' ? (facets as ExpertMatchFacets) : (facets as CompanyMatchFacets),
    contact,
  };
}

/**
 * The requests of the member `memberId` on `side`, newest first, each with the other side's card, facets and
 * contact row, in one statement (prepared once per database and side). A request whose other side has no
 * profile is left out; `read` is told every counterpart read, shown or not (a kept list depends on them), and a
 * counterpart gone from the platform takes their requests and connections out of view.
 */
export async function readBucketRows(
  ex: Executor,
  side: ProfileType,
  memberId: string,
  read: (counterpartId: string) => void,
): Promise<RequestWithCounterpart[]> {
  const other: ProfileType = side === 'expert' ? 'company' : 'expert';
  const t = other === 'expert' ? experts : companies;
  const mine = side === 'expert' ? r.expertId : r.companyId;
  const otherId = side === 'expert' ? r.companyId : r.expertId;
  const row = jsonRow({ counterpart: counterpartColumns(other), request: requestColumns });
  const rows = await preparedOnce(
    ex,
    `connections.buckets-${side}`,
    (on) =>
      on
        .select({ row: row.sql })
        .from(r)
        .innerJoin(t, eq(t.id, otherId))
        .leftJoin(contactInfo, eq(contactInfo.userId, t.id))
        .where(eq(mine, sql.placeholder('memberId')))
        .orderBy(desc(r.requestSentAt), desc(r.id)),
    { memberId },
  );
  return (rows as { row: unknown }[]).flatMap((listed) => {
    const { counterpart, request } = row.decode(listed.row);
    read(counterpart.id as string);
    if (counterpart.gone === true) return [];
    return [{ request: request as ListedRequestRow, ...toCounterpart(other, counterpart) }];
  });
}
