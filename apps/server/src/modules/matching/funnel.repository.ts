import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { matchSuggestions } from '../../db/schema.ts';

/** Members in groups, as two parallel lists: each member's id and the key of its group (`<week>|<role>`). */
export interface MemberGroups {
  ids: readonly string[];
  keys: readonly string[];
}

/**
 * Of each group, how many members have at least one match suggestion, on either side, dismissed ones included (the
 * analytics funnel's "suggested"). One statement: the groups go as two arrays, each member is two index probes.
 */
export async function countSuggestedMembers(
  ex: Executor,
  groups: MemberGroups,
): Promise<Map<string, number>> {
  if (groups.ids.length === 0) return new Map();
  const s = matchSuggestions;
  const query: SQL = sql`
    SELECT c.key, count(*)::int AS n
    FROM unnest(${sql.param(groups.ids)}::text[], ${sql.param(groups.keys)}::text[]) AS c(id, key)
    WHERE EXISTS (SELECT 1 FROM ${s} WHERE ${s.expertId} = c.id)
       OR EXISTS (SELECT 1 FROM ${s} WHERE ${s.companyId} = c.id)
    GROUP BY c.key`;
  const { rows } = (await ex.execute(query)) as unknown as { rows: { key: string; n: number }[] };
  return new Map(rows.map((row) => [row.key, Number(row.n)]));
}
