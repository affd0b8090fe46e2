import { inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, experts, users } from '../../db/schema.ts';

/**
 * Names for the admin's read views (suggestions, requests, scores): every member named as they are now, gone
 * from the platform or not (admins see everyone), and the members a name or e-mail search finds.
 */

/** A user as an admin's list names them: a company by its company name, anyone else by their name. */
export interface MemberLabel {
  id: string;
  name: string;
  kind: 'expert' | 'company' | null;
}

/** SQL: the name a list shows, from the profile row, falling back to the account's. */
const shownName: SQL<string> = sql<string>`coalesce(
  nullif(trim(${companies.companyName}), ''), ${companies.name}, ${experts.name}, ${users.name})`;

/** The labels of the given users (members and admins), by id, in one query; unknown ids are left out. */
export async function memberLabels(ex: Executor, ids: readonly string[]): Promise<Map<string, MemberLabel>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await ex
    .select({ id: users.id, name: shownName, kind: users.kind })
    .from(users)
    .leftJoin(experts, sql`${experts.id} = ${users.id}`)
    .leftJoin(companies, sql`${companies.id} = ${users.id}`)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, kind: r.kind }]));
}

/**
 * The members whose expert name, company name, company contact's name, account name or login e-mail contains
 * `search` (case-insensitive, literally: no pattern characters), for the admin lists' search (a member's page
 * links to them searched by the member's e-mail).
 */
export async function memberIdsNamed(ex: Executor, search: string): Promise<string[]> {
  const needle = search.toLowerCase();
  const contains = (column: SQL | typeof users.name | typeof users.email) =>
    sql`strpos(lower(${column}), ${needle}) > 0`;
  const rows = await ex
    .select({ id: users.id })
    .from(users)
    .leftJoin(experts, sql`${experts.id} = ${users.id}`)
    .leftJoin(companies, sql`${companies.id} = ${users.id}`)
    .where(
      or(
        contains(users.name),
        contains(users.email),
        contains(sql`coalesce(${experts.name}, '')`),
        contains(sql`coalesce(${companies.name}, '')`),
        contains(sql`coalesce(${companies.companyName}, '')`),
      ),
    );
  return rows.map((r) => r.id);
}
