import type { CompanyMatchFacets, ExpertMatchFacets, ProfileType } from '@intergen/domain';
import { and, desc, eq, inArray, not, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, connectionRequests, contactInfo, experts, matchSuggestions } from '../../db/schema.ts';
import type { CardRow } from '../matching/matching.model.ts';
import {
  companyCardColumns,
  companyFacetColumns,
  companyFacets,
  expertCardColumns,
  expertFacetColumns,
  expertFacets,
} from '../matching/matching.repository.ts';
import { isGone } from '../members/members.repository.ts';

export type RequestRow = typeof connectionRequests.$inferSelect;
export type SuggestionRow = typeof matchSuggestions.$inferSelect;
export type RequestPatch = Partial<Omit<typeof connectionRequests.$inferInsert, 'id'>>;

const profileTable = (kind: ProfileType) => (kind === 'expert' ? experts : companies);

// Locks. Every transition takes the suggestion's row first, then the request's, so two transitions on one pair
// run one after the other and never wait on each other in opposite orders.

/** The suggestion `id`, locked against other transitions for the rest of the transaction (or null). */
export async function lockSuggestion(tx: Executor, id: string): Promise<SuggestionRow | null> {
  const [row] = await tx
    .select()
    .from(matchSuggestions)
    .where(eq(matchSuggestions.id, id))
    .for('no key update');
  return row ?? null;
}

/** The request `id`, locked for the rest of the transaction (or null). */
export async function lockRequest(tx: Executor, id: string): Promise<RequestRow | null> {
  const [row] = await tx.select().from(connectionRequests).where(eq(connectionRequests.id, id)).for('update');
  return row ?? null;
}

/**
 * A member's publishing state, share-locked: an expert's approval (which locks the profile for update and then
 * releases pending requests) waits for a send that read "pending", or the send waits and reads "published".
 */
export async function lockProfileState(
  tx: Executor,
  kind: ProfileType,
  id: string,
): Promise<{ published: boolean; pending: boolean } | null> {
  const t = profileTable(kind);
  const [row] = await tx
    .select({ published: t.profilePublished, pending: t.profilePending })
    .from(t)
    .where(eq(t.id, id))
    .for('share');
  return row ?? null;
}

// Writes

/** Inserts a request unless one exists for its suggestion (or pair); returns whether it was inserted. */
export async function insertRequest(
  tx: Executor,
  row: typeof connectionRequests.$inferInsert,
): Promise<boolean> {
  const inserted = await tx
    .insert(connectionRequests)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: connectionRequests.id });
  return inserted.length > 0;
}

/** Marks a suggestion requested now, giving it a deal id unless it has one; returns the deal id. */
export async function markSuggestionRequested(tx: Executor, id: string, dealId: string): Promise<string> {
  const [row] = await tx
    .update(matchSuggestions)
    .set({
      requestSent: true,
      requestSentAt: new Date(),
      dealId: sql`coalesce(${matchSuggestions.dealId}, ${dealId}::text)`,
    })
    .where(eq(matchSuggestions.id, id))
    .returning({ dealId: matchSuggestions.dealId });
  return row!.dealId!;
}

/** A cancelled request's suggestion is open again: not requested, no request time. */
export async function clearSuggestionRequested(tx: Executor, id: string): Promise<void> {
  await tx
    .update(matchSuggestions)
    .set({ requestSent: false, requestSentAt: null })
    .where(eq(matchSuggestions.id, id));
}

export async function updateRequest(tx: Executor, id: string, patch: RequestPatch): Promise<RequestRow> {
  const [row] = await tx
    .update(connectionRequests)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(connectionRequests.id, id))
    .returning();
  return row!;
}

export async function deleteRequest(tx: Executor, id: string): Promise<boolean> {
  const rows = await tx
    .delete(connectionRequests)
    .where(eq(connectionRequests.id, id))
    .returning({ id: connectionRequests.id });
  return rows.length > 0;
}

/** Adds a company to the expert's connected company ids, once. */
export async function appendConnectedCompany(
  tx: Executor,
  expertId: string,
  companyId: string,
): Promise<void> {
  await tx
    .update(experts)
    .set({ connectedCompanyIds: sql`array_append(${experts.connectedCompanyIds}, ${companyId}::text)` })
    .where(
      and(eq(experts.id, expertId), sql`NOT (${companyId}::text = ANY(${experts.connectedCompanyIds}))`),
    );
}

/** A profile's rating, locked so concurrent reviews of one member add up one after the other. */
export async function lockRating(
  tx: Executor,
  kind: ProfileType,
  id: string,
): Promise<{ average: number; count: number } | null> {
  const t = profileTable(kind);
  const [row] = await tx
    .select({ average: t.averageRating, count: t.numberOfRatings })
    .from(t)
    .where(eq(t.id, id))
    .for('no key update');
  return row ?? null;
}

export async function setRating(
  tx: Executor,
  kind: ProfileType,
  id: string,
  rating: { average: number; count: number },
): Promise<void> {
  const t = profileTable(kind);
  await tx
    .update(t)
    .set({ averageRating: rating.average, numberOfRatings: rating.count })
    .where(eq(t.id, id));
}

/** Releases an expert's pending requests (isPending false); returns them with their suggestions' deal ids. */
export async function releasePending(
  tx: Executor,
  expertId: string,
): Promise<(RequestRow & { dealId: string | null })[]> {
  const released = await tx
    .update(connectionRequests)
    .set({ isPending: false, updatedAt: new Date() })
    .where(and(eq(connectionRequests.expertId, expertId), eq(connectionRequests.isPending, true)))
    .returning();
  if (released.length === 0) return [];
  const deals = await tx
    .select({ id: matchSuggestions.id, dealId: matchSuggestions.dealId })
    .from(matchSuggestions)
    .where(
      inArray(
        matchSuggestions.id,
        released.map((r) => r.id),
      ),
    );
  const dealOf = new Map(deals.map((d) => [d.id, d.dealId]));
  return released
    .sort((a, b) => a.requestSentAt.getTime() - b.requestSentAt.getTime() || (a.id < b.id ? -1 : 1))
    .map((r) => ({ ...r, dealId: dealOf.get(r.id) ?? null }));
}

// Reads

export interface CounterpartContact {
  email: string | null;
  phone: string | null;
  linkedin: string | null;
  jobTitle: string | null;
}

/** A request as one side sees it: the request, the other side's card, facets and contact details. */
export interface RequestWithCounterpart {
  request: RequestRow;
  card: CardRow;
  facets: ExpertMatchFacets | CompanyMatchFacets;
  contact: CounterpartContact | null;
}

/**
 * The requests of a member on one side (expert or company), newest first, each with the counterpart's card,
 * facets and contact row; `where` narrows them (one id, or a bucket's conditions).
 */
export async function listRequestsOf(
  ex: Executor,
  side: ProfileType,
  memberId: string,
  where: SQL[] = [],
): Promise<RequestWithCounterpart[]> {
  const mine = side === 'expert' ? connectionRequests.expertId : connectionRequests.companyId;
  const otherId = side === 'expert' ? connectionRequests.companyId : connectionRequests.expertId;
  const other = side === 'expert' ? companies : experts;
  const contact = {
    email: contactInfo.email,
    phone: contactInfo.phone,
    linkedin: contactInfo.linkedin,
    jobTitle: contactInfo.jobTitle,
  };
  const rows = await ex
    .select({
      request: connectionRequests,
      card: side === 'expert' ? companyCardColumns : expertCardColumns,
      facets: side === 'expert' ? companyFacetColumns : expertFacetColumns,
      contact,
    })
    .from(connectionRequests)
    .innerJoin(other, eq(other.id, otherId))
    .leftJoin(contactInfo, eq(contactInfo.userId, otherId))
    // A counterpart gone from the platform (disabled, deactivated, unpublished by the team) takes their requests
    // and connections out of view, with their card and contact details.
    .where(and(eq(mine, memberId), not(isGone(other)), ...where))
    .orderBy(desc(connectionRequests.requestSentAt), desc(connectionRequests.id));
  return rows.map((r) => ({
    request: r.request,
    card: r.card as CardRow,
    facets: side === 'expert' ? companyFacets(r.facets) : expertFacets(r.facets),
    contact: (r.contact as CounterpartContact | null) ?? null,
  }));
}

/** One request as `memberId` (on `side`) sees it, or null when it is not theirs. */
export async function findRequestOf(
  ex: Executor,
  side: ProfileType,
  memberId: string,
  id: string,
): Promise<RequestWithCounterpart | null> {
  const [row] = await listRequestsOf(ex, side, memberId, [eq(connectionRequests.id, id)]);
  return row ?? null;
}

/** The contact e-mail of each member (null when the member has no contact row or an empty one). */
export async function contactEmails(ex: Executor, ids: string[]): Promise<Map<string, string | null>> {
  const rows = await ex
    .select({ userId: contactInfo.userId, email: contactInfo.email })
    .from(contactInfo)
    .where(inArray(contactInfo.userId, ids));
  const found = new Map(rows.map((r) => [r.userId, r.email?.trim() ? r.email : null]));
  return new Map(ids.map((id) => [id, found.get(id) ?? null]));
}

/** The display names of a pair, for invites: the expert's name and the company's (company) name. */
export async function pairNames(
  ex: Executor,
  expertId: string,
  companyId: string,
): Promise<{ expert: string; company: string }> {
  const [expert] = await ex.select({ name: experts.name }).from(experts).where(eq(experts.id, expertId));
  const [company] = await ex
    .select({ name: companies.name, companyName: companies.companyName })
    .from(companies)
    .where(eq(companies.id, companyId));
  return {
    expert: expert?.name ?? '',
    company: company?.companyName?.trim() || company?.name || '',
  };
}
