import { count, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, contactInfo, experts, users } from '../../db/schema.ts';

/** An account: the person behind a member (or an admin), with their login and e-mail state. */
export type UserRow = typeof users.$inferSelect;

/**
 * A member's account with their profile row (of either kind, the other null) and contact row, as one statement
 * read them: what the caller's own views and access checks need, read with the session instead of again.
 */
export interface MemberRows {
  user: UserRow;
  expert: typeof experts.$inferSelect | null;
  company: typeof companies.$inferSelect | null;
  contact: typeof contactInfo.$inferSelect | null;
}

export async function findUserByEmail(ex: Executor, email: string): Promise<UserRow | null> {
  const rows = await ex.select().from(users).where(eq(users.email, email));
  return rows[0] ?? null;
}

export async function findUserById(ex: Executor, id: string): Promise<UserRow | null> {
  const rows = await ex.select().from(users).where(eq(users.id, id));
  return rows[0] ?? null;
}

/**
 * The user another module's row points at, in the same statement: `source` is a statement of at most one row
 * with a `user_id` column, joined as `via`; `fields` are its columns to carry along (expressions on `via.…`).
 * With whether the user's profile (of the user's kind) is deactivated, and the member's rows (`member`: the
 * account, the profile row of the user's kind, the contact row), so the request that looked the session up
 * needs not read its caller again. One round trip instead of two or three.
 */
export async function findUserVia<F extends Record<string, SQL>>(
  ex: Executor,
  source: SQL,
  fields: F,
): Promise<{
  user: UserRow;
  deactivated: boolean;
  member: MemberRows;
  via: { [K in keyof F]: F[K] extends SQL<infer T> ? T : never };
} | null> {
  const [row] = await ex
    .select({
      user: users,
      deactivated: sql<boolean>`CASE ${users.kind} WHEN 'expert' THEN ${experts.deactivatedDate} IS NOT NULL
        WHEN 'company' THEN ${companies.deactivatedDate} IS NOT NULL ELSE false END`,
      expert: experts,
      company: companies,
      contact: contactInfo,
      via: fields as Record<string, SQL>,
    })
    .from(users)
    .innerJoin(sql`(${source}) AS via`, sql`via.user_id = ${users.id}`)
    .leftJoin(experts, eq(experts.id, users.id))
    .leftJoin(companies, eq(companies.id, users.id))
    .leftJoin(contactInfo, eq(contactInfo.userId, users.id));
  if (!row) return null;
  const { user, deactivated, expert, company, contact, via } = row;
  return {
    user,
    deactivated,
    // Only the profile of the user's kind counts (as every other read of a member's profile does).
    member: {
      user,
      expert: user.kind === 'expert' ? expert : null,
      company: user.kind === 'company' ? company : null,
      contact,
    },
    via: via as never,
  };
}

type UserWrite = Omit<typeof users.$inferInsert, 'emailVerifiedAt'>;

/**
 * The verification date that goes with a write of `emailVerified`: now when it becomes true (an address already
 * verified keeps its date), null when it becomes false; nothing when the write leaves the flag alone.
 */
function verificationDate(emailVerified: boolean | undefined) {
  if (emailVerified === undefined) return {};
  return { emailVerifiedAt: emailVerified ? sql`coalesce(${users.emailVerifiedAt}, now())` : null };
}

/** A new account; one made verified (an admin's) is verified as of now. */
export async function insertUser(ex: Executor, row: UserWrite): Promise<UserRow> {
  const rows = await ex
    .insert(users)
    .values({ ...row, ...(row.emailVerified ? { emailVerifiedAt: sql`now()` } : {}) })
    .returning();
  return rows[0]!;
}

/** Changes an account; `emailVerified` carries its date along (`email_verified_at` is never written apart). */
export async function updateUser(ex: Executor, id: string, patch: Partial<UserWrite>): Promise<void> {
  await ex
    .update(users)
    .set({ ...patch, ...verificationDate(patch.emailVerified), updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Every account, admins included (`npm run restore` reports it). */
export async function countUsers(ex: Executor): Promise<number> {
  const rows = await ex.select({ n: count() }).from(users);
  return Number(rows[0]?.n ?? 0);
}

/** The accounts that are members (an expert or a company), not admins alone (`npm run demo` checks it). */
export async function countMembers(ex: Executor): Promise<number> {
  const rows = await ex.select({ n: count() }).from(users).where(isNotNull(users.kind));
  return Number(rows[0]?.n ?? 0);
}

export async function countAdmins(ex: Executor): Promise<number> {
  const rows = await ex.select({ n: count() }).from(users).where(eq(users.isAdmin, true));
  return Number(rows[0]?.n ?? 0);
}

/** The account name and login e-mail of some users (admins included), by id; ids without an account are left out. */
export async function userLabels(
  ex: Executor,
  ids: readonly string[],
): Promise<Map<string, { name: string; email: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await ex
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((r) => [r.id, { name: r.name, email: r.email }]));
}
