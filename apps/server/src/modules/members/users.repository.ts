import { count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/** An account: the person behind a member (or an admin), with their login and e-mail state. */
export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(ex: Executor, email: string): Promise<UserRow | null> {
  const rows = await ex.select().from(users).where(eq(users.email, email));
  return rows[0] ?? null;
}

export async function findUserById(ex: Executor, id: string): Promise<UserRow | null> {
  const rows = await ex.select().from(users).where(eq(users.id, id));
  return rows[0] ?? null;
}

export async function insertUser(ex: Executor, row: typeof users.$inferInsert): Promise<UserRow> {
  const rows = await ex.insert(users).values(row).returning();
  return rows[0]!;
}

export async function updateUser(
  ex: Executor,
  id: string,
  patch: Partial<typeof users.$inferInsert>,
): Promise<void> {
  await ex
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Every account, admins included (`npm run restore` reports it). */
export async function countUsers(ex: Executor): Promise<number> {
  const rows = await ex.select({ n: count() }).from(users);
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
