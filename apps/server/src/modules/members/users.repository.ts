import { count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type companies, type contactInfo, type experts, users } from '../../db/schema.ts';

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
