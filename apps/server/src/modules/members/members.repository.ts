import {
  deriveProfileStatus,
  type MemberRelationship,
  type ProfileStatus,
  type ProfileType,
} from '@intergen/domain';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, connectionRequests, experts, matchSuggestions, users } from '../../db/schema.ts';
import { toMillis } from '../../lib/time.ts';

/** What the read-access rules need to know about one member (as viewer or as the member being read). */
export interface MemberState {
  id: string;
  kind: ProfileType | null;
  isAdmin: boolean;
  emailVerified: boolean;
  /** Null for a user without a profile (an admin who is not a member). */
  status: ProfileStatus | null;
  published: boolean;
  private: boolean;
  /** Disabled by themselves, deactivated or unpublished by the team (see `isGone`). */
  gone: boolean;
}

/**
 * SQL: the profile of `t` is gone from the platform for other members — its owner disabled the account, or the
 * team deactivated or unpublished it (a disable reason or a deactivation date; publishing clears the reason and
 * activating the date). Lists of other members leave such profiles out.
 */
export function isGone(t: typeof experts | typeof companies): SQL {
  return sql`(${t.deactivatedDate} IS NOT NULL OR ${t.disableReason} IS NOT NULL)`;
}

/** The member `id`'s account and profile state, or null when there is no such user. */
export async function findMemberState(ex: Executor, id: string): Promise<MemberState | null> {
  const [row] = await ex
    .select({
      id: users.id,
      kind: users.kind,
      isAdmin: users.isAdmin,
      emailVerified: users.emailVerified,
      expert: {
        published: experts.profilePublished,
        pending: experts.profilePending,
        complete: experts.profileComplete,
        pausedDate: experts.pausedDate,
        deactivatedDate: experts.deactivatedDate,
        disableReason: experts.disableReason,
        private: experts.private,
      },
      company: {
        published: companies.profilePublished,
        pending: companies.profilePending,
        complete: companies.profileComplete,
        pausedDate: companies.pausedDate,
        deactivatedDate: companies.deactivatedDate,
        disableReason: companies.disableReason,
      },
    })
    .from(users)
    .leftJoin(experts, eq(experts.id, users.id))
    .leftJoin(companies, eq(companies.id, users.id))
    .where(eq(users.id, id));
  if (!row) return null;
  const profile = row.kind === 'expert' ? row.expert : row.kind === 'company' ? row.company : null;
  const status = profile
    ? deriveProfileStatus({
        profilePublished: profile.published,
        profilePending: profile.pending,
        profileComplete: profile.complete,
        pausedDate: toMillis(profile.pausedDate),
        deactivatedDate: toMillis(profile.deactivatedDate),
        disableReason: profile.disableReason,
      })
    : null;
  return {
    id: row.id,
    kind: profile ? row.kind : null,
    isAdmin: row.isAdmin,
    emailVerified: row.emailVerified,
    status,
    published: profile?.published ?? false,
    private: row.kind === 'expert' ? (row.expert?.private ?? false) : false,
    gone: profile ? profile.deactivatedDate !== null || profile.disableReason !== null : false,
  };
}

/**
 * What ties two members together now: a match suggestion between them (either way round, and so maybe a
 * connection request), and whether that request was accepted. Derived from the rows as they are, so a
 * cancelled request takes what it gave with it.
 */
export async function findRelationship(ex: Executor, a: string, b: string): Promise<MemberRelationship> {
  if (a === b) return { shared: false, connected: false };
  const [row] = await ex
    .select({ accepted: connectionRequests.accepted })
    .from(matchSuggestions)
    .leftJoin(connectionRequests, eq(connectionRequests.id, matchSuggestions.id))
    .where(
      or(
        and(eq(matchSuggestions.expertId, a), eq(matchSuggestions.companyId, b)),
        and(eq(matchSuggestions.expertId, b), eq(matchSuggestions.companyId, a)),
      ),
    )
    .limit(1);
  return { shared: row !== undefined, connected: row?.accepted === true };
}
