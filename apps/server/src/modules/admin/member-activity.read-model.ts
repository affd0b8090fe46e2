import { type AnyColumn, and, asc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  companies,
  connectionRequests,
  crmContacts,
  crmDeals,
  experts,
  matchSuggestions,
  networkRequests,
  sessions,
  users,
} from '../../db/schema.ts';
import { qualified, shownName } from './records.read-model.ts';

/**
 * What the admin's page of one member reads: the member's dates, and their suggestions, connection requests, My
 * Network requests (an expert's) and CRM deals, each list in one statement with the other side's name (as the
 * admin's records name people: `shownName`). Each list comes in the order the member's data export reads it;
 * the page keeps the newest of each.
 */

/** The member's account and profile dates; null when there is no such member (no account, or no profile). */
export interface ActivityMember {
  kind: 'expert' | 'company';
  signedUpAt: Date;
  emailVerified: boolean;
  emailVerifiedAt: Date | null;
  publishDate: Date | null;
  pausedDate: Date | null;
  deactivatedDate: Date | null;
  disabledDate: Date | null;
  lastSignInAt: Date | null;
}

/** A profile column of the member's kind: the expert's or the company's row, whichever the account has. */
const either = (column: keyof typeof experts.$inferSelect & keyof typeof companies.$inferSelect) =>
  sql`coalesce(${experts[column]}, ${companies[column]})`.mapWith(experts[column]);

/** The member's dates in one statement: the account, the profile row of its kind, the newest session. */
async function readMember(ex: Executor, memberId: string): Promise<ActivityMember | null> {
  const [row] = await ex
    .select({
      kind: users.kind,
      hasProfile: sql<boolean>`(${experts.id} IS NOT NULL OR ${companies.id} IS NOT NULL)`,
      signedUpAt: either('createdAt'),
      emailVerified: users.emailVerified,
      emailVerifiedAt: users.emailVerifiedAt,
      publishDate: either('publishDate'),
      pausedDate: either('pausedDate'),
      deactivatedDate: either('deactivatedDate'),
      disabledDate: either('disabledDate'),
      lastSignInAt: sql`(SELECT max(${sessions.createdAt}) FROM ${sessions}
        WHERE ${sessions.userId} = ${users.id})`.mapWith(sessions.createdAt),
    })
    .from(users)
    .leftJoin(experts, and(sql`${users.kind} = 'expert'`, eq(experts.id, users.id)))
    .leftJoin(companies, and(sql`${users.kind} = 'company'`, eq(companies.id, users.id)))
    .where(eq(users.id, memberId));
  if (!row?.kind || !row.hasProfile) return null;
  return {
    kind: row.kind,
    signedUpAt: row.signedUpAt as Date,
    emailVerified: row.emailVerified,
    emailVerifiedAt: row.emailVerifiedAt,
    publishDate: row.publishDate as Date | null,
    pausedDate: row.pausedDate as Date | null,
    deactivatedDate: row.deactivatedDate as Date | null,
    disabledDate: row.disabledDate as Date | null,
    lastSignInAt: row.lastSignInAt as Date | null,
  };
}

/** SQL: the other side of a pair the member is in (qualified, for `shownName`). */
const otherOf = (memberId: string, first: AnyColumn, second: AnyColumn) =>
  sql<string>`CASE WHEN ${qualified(first)} = ${memberId} THEN ${qualified(second)} ELSE ${qualified(first)} END`;

/** Every suggestion the member is a side of, oldest first, with the other side's name. */
function readSuggestions(ex: Executor, memberId: string) {
  const t = matchSuggestions;
  return ex
    .select({
      id: t.id,
      expertId: t.expertId,
      companyId: t.companyId,
      createdAt: t.createdAt,
      requestSent: t.requestSent,
      notInterested: t.notInterested,
      counterpartName: shownName(otherOf(memberId, t.expertId, t.companyId)),
    })
    .from(t)
    .where(or(eq(t.expertId, memberId), eq(t.companyId, memberId)))
    .orderBy(t.createdAt);
}

/** Every connection request the member sent or received, oldest first, with the other side's name. */
function readRequests(ex: Executor, memberId: string) {
  const t = connectionRequests;
  return ex
    .select({
      row: t,
      counterpartName: shownName(otherOf(memberId, t.expertId, t.companyId)),
    })
    .from(t)
    .where(or(eq(t.expertId, memberId), eq(t.companyId, memberId)))
    .orderBy(t.requestSentAt);
}

/**
 * Every My Network request the member made or received, history included, oldest first, with the other
 * expert's name and the company's they met through as it is named now (null: none, or no such user).
 */
function readNetworkRequests(ex: Executor, memberId: string) {
  const t = networkRequests;
  return ex
    .select({
      row: t,
      counterpartName: shownName(otherOf(memberId, t.initiatorId, t.recipientId)),
      viaName: shownName(qualified(t.viaCompanyId)),
    })
    .from(t)
    .where(or(eq(t.initiatorId, memberId), eq(t.recipientId, memberId)))
    .orderBy(t.requestedAt);
}

const mine = alias(crmContacts, 'mine');
const theirs = alias(crmContacts, 'theirs');

/**
 * Every CRM deal the member's contact is a party to, oldest first, with the other party's member id ('' when
 * their contact is not found) and name: the deals of the CRM's own data export, without their stages.
 */
function readDeals(ex: Executor, memberId: string) {
  const d = crmDeals;
  const otherMemberId = sql<string>`coalesce(${theirs.memberId}, '')`;
  return ex
    .select({
      id: d.id,
      pipeline: d.pipeline,
      stage: d.stage,
      lostReason: d.lostReason,
      updatedAt: d.updatedAt,
      otherMemberId,
      counterpartName: shownName(otherMemberId),
    })
    .from(mine)
    .innerJoin(d, or(eq(d.firstContactId, mine.id), eq(d.secondContactId, mine.id)))
    .leftJoin(
      theirs,
      eq(
        theirs.id,
        sql`CASE WHEN ${d.firstContactId} = ${mine.id} THEN ${d.secondContactId} ELSE ${d.firstContactId} END`,
      ),
    )
    .where(eq(mine.memberId, memberId))
    .orderBy(asc(d.createdAt), asc(d.id));
}

export type ActivitySuggestion = Awaited<ReturnType<typeof readSuggestions>>[number];
export type ActivityRequest = Awaited<ReturnType<typeof readRequests>>[number];
export type ActivityNetworkRequest = Awaited<ReturnType<typeof readNetworkRequests>>[number];
export type ActivityDeal = Awaited<ReturnType<typeof readDeals>>[number];

export interface MemberActivityRows {
  member: ActivityMember;
  suggestions: ActivitySuggestion[];
  requests: ActivityRequest[];
  /** Null for a company: My Network is experts'. */
  networkRequests: ActivityNetworkRequest[] | null;
  deals: ActivityDeal[];
}

/**
 * The member's page: the member first (null when there is none, and nothing else is read), then each list in a
 * statement of its own.
 */
export async function readMemberActivity(ex: Executor, memberId: string): Promise<MemberActivityRows | null> {
  const member = await readMember(ex, memberId);
  if (!member) return null;
  const [suggestions, requests, network, deals] = await Promise.all([
    readSuggestions(ex, memberId),
    readRequests(ex, memberId),
    member.kind === 'expert' ? readNetworkRequests(ex, memberId) : null,
    readDeals(ex, memberId),
  ]);
  return { member, suggestions, requests, networkRequests: network, deals };
}
