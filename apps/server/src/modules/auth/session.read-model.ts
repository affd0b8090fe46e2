import { and, eq, getTableName, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, contactInfo, experts, sessions, users } from '../../db/schema.ts';
import type { MemberRows, UserRow } from '../members/index.ts';

/**
 * The tables the session lookup reads, which the session cache (sessions.cache.ts) keeps per instance: a change
 * to any of them must announce the user ids it touched (migration 0019's triggers). kept-lists.signals.test.ts
 * fails when the lookup reads another table, or one of these has no such trigger.
 */
export const sessionLookupTables: readonly string[] = [sessions, users, experts, companies, contactInfo].map(
  (t) => getTableName(t),
);

/** A live session as its lookup read it, with its user and the member's rows. */
export interface LiveSession {
  user: UserRow;
  /** Whether the user's profile (of the user's kind) is deactivated. */
  deactivated: boolean;
  /** The account, the profile row of the user's kind and the contact row: the request's own views need not read them again. */
  member: MemberRows;
  lastSeenAt: Date;
  expiresAt: Date;
  annualConfirmationPostponed: boolean;
}

/**
 * The live (unexpired) session `id` with its user, whether the user's profile is deactivated, and the user's
 * profile and contact rows, in one statement: what every signed-in request reads first. Null for an unknown or
 * expired session.
 */
export async function readLiveSession(ex: Executor, id: string): Promise<LiveSession | null> {
  const [row] = await ex
    .select({
      user: users,
      deactivated: sql<boolean>`CASE ${users.kind} WHEN 'expert' THEN ${experts.deactivatedDate} IS NOT NULL
        WHEN 'company' THEN ${companies.deactivatedDate} IS NOT NULL ELSE false END`,
      expert: experts,
      company: companies,
      contact: contactInfo,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      annualConfirmationPostponed: sessions.annualConfirmationPostponed,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(experts, eq(experts.id, users.id))
    .leftJoin(companies, eq(companies.id, users.id))
    .leftJoin(contactInfo, eq(contactInfo.userId, users.id))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())));
  if (!row) return null;
  const { user, expert, company, contact, ...session } = row;
  // Only the profile of the user's kind counts (as every other read of a member's profile does).
  return {
    ...session,
    user,
    member: {
      user,
      expert: user.kind === 'expert' ? expert : null,
      company: user.kind === 'company' ? company : null,
      contact,
    },
  };
}
