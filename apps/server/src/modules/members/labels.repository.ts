import { or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, experts, users } from '../../db/schema.ts';

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
