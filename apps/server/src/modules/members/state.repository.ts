import { deriveProfileStatus, type ProfileStatus, type ProfileType } from '@intergen/domain';
import { and, eq, inArray, not, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, contactInfo, experts, users } from '../../db/schema.ts';
import { toMillis } from '../../lib/time.ts';
import type { MemberRows } from './users.repository.ts';

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
  return row ? toMemberState(row) : null;
}

/** `findMemberState` of a member whose rows are already read (the session lookup's `member`, `readLiveSession`). */
export function memberStateOf({ user, expert, company }: MemberRows): MemberState {
  const state = (t: typeof expert | typeof company) =>
    t && {
      published: t.profilePublished,
      pending: t.profilePending,
      complete: t.profileComplete,
      pausedDate: t.pausedDate,
      deactivatedDate: t.deactivatedDate,
      disableReason: t.disableReason,
    };
  return toMemberState({
    id: user.id,
    kind: user.kind,
    isAdmin: user.isAdmin,
    emailVerified: user.emailVerified,
    expert: expert && { ...state(expert)!, private: expert.private },
    company: state(company),
  });
}

interface ProfileStateColumns {
  published: boolean;
  pending: boolean;
  complete: boolean;
  pausedDate: Date | null;
  deactivatedDate: Date | null;
  disableReason: string | null;
}

function toMemberState(row: {
  id: string;
  kind: ProfileType | null;
  isAdmin: boolean;
  emailVerified: boolean;
  expert: (ProfileStateColumns & { private: boolean }) | null;
  company: ProfileStateColumns | null;
}): MemberState {
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

const profileTable = (kind: ProfileType) => (kind === 'expert' ? experts : companies);

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

/** A member as a notification names them. */
export interface MemberName {
  id: string;
  kind: 'expert' | 'company';
  name: string;
  companyName: string | null;
}

/** The names of the given members (profile name, falling back to the account's), by id. */
export async function memberNames(ex: Executor, ids: readonly string[]): Promise<Map<string, MemberName>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await ex
    .select({
      id: users.id,
      kind: users.kind,
      name: sql<string>`coalesce(${experts.name}, ${companies.name}, ${users.name})`,
      companyName: companies.companyName,
    })
    .from(users)
    .leftJoin(experts, eq(experts.id, users.id))
    .leftJoin(companies, eq(companies.id, users.id))
    // A member gone from the platform is no longer named to others (the notification stays, without them).
    .where(and(inArray(users.id, unique), not(isGone(experts)), not(isGone(companies))));
  const names = new Map<string, MemberName>();
  for (const r of rows) {
    if (r.kind) names.set(r.id, { id: r.id, kind: r.kind, name: r.name, companyName: r.companyName });
  }
  return names;
}

/** Where a member's e-mail goes, and whether their account may receive it. */
export interface Recipient {
  id: string;
  email: string;
  firstName: string;
  /** Paused, disabled (by themselves or an admin's unpublish), deactivated, or without a login. */
  silenced: boolean;
}

export async function findRecipient(ex: Executor, userId: string): Promise<Recipient | null> {
  const [row] = await ex
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      loginRemovedAt: users.loginRemovedAt,
      // Either profile row (the other is absent: its columns are null, so its tests are false).
      silenced: sql<boolean>`(
        ${experts.pausedDate} IS NOT NULL OR ${experts.deactivatedDate} IS NOT NULL OR ${experts.disableReason} IS NOT NULL OR
        ${companies.pausedDate} IS NOT NULL OR ${companies.deactivatedDate} IS NOT NULL OR ${companies.disableReason} IS NOT NULL)`,
    })
    .from(users)
    .leftJoin(experts, eq(experts.id, users.id))
    .leftJoin(companies, eq(companies.id, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    silenced: Boolean(row.silenced) || row.loginRemovedAt !== null,
  };
}
