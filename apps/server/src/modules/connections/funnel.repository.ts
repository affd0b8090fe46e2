import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { connectionRequests } from '../../db/schema.ts';

/** Members in groups, as two parallel lists: each member's id and the key of its group (`<week>|<role>`). */
export interface MemberGroups {
  ids: readonly string[];
  keys: readonly string[];
}

/** How many members of a group got as far as each connection stage of the analytics funnel. */
export interface ConnectionStageCounts {
  requested: number;
  accepted: number;
  reviewed: number;
}

/**
 * Of each group, how many members sent or received a connection request (a company has not received an expert's
 * request held until the expert's approval), have a connection (an accepted request), and gave or received a
 * rating. A cancelled request is deleted, so it no longer counts. One statement: the groups go as two arrays, and
 * each member's requests are read through the pair and company indexes.
 */
export async function countConnectionStages(
  ex: Executor,
  groups: MemberGroups,
): Promise<Map<string, ConnectionStageCounts>> {
  if (groups.ids.length === 0) return new Map();
  const r = connectionRequests;
  const rated = sql`(${r.expertRating} IS NOT NULL OR ${r.ventureRating} IS NOT NULL)`;
  const query: SQL = sql`
    SELECT c.key, count(*)::int AS requested,
      (count(*) FILTER (WHERE m.accepted))::int AS accepted,
      (count(*) FILTER (WHERE m.reviewed))::int AS reviewed
    FROM unnest(${sql.param(groups.ids)}::text[], ${sql.param(groups.keys)}::text[]) AS c(id, key)
    CROSS JOIN LATERAL (
      SELECT bool_or(x.accepted) AS accepted, bool_or(x.reviewed) AS reviewed
      FROM (
        SELECT ${r.accepted} AS accepted, ${rated} AS reviewed FROM ${r} WHERE ${r.expertId} = c.id
        UNION ALL
        SELECT ${r.accepted}, ${rated} FROM ${r} WHERE ${r.companyId} = c.id AND NOT ${r.isPending}
      ) AS x
      HAVING count(*) > 0
    ) AS m
    GROUP BY c.key`;
  const { rows } = (await ex.execute(query)) as unknown as {
    rows: { key: string; requested: number; accepted: number; reviewed: number }[];
  };
  return new Map(
    rows.map((row) => [
      row.key,
      { requested: Number(row.requested), accepted: Number(row.accepted), reviewed: Number(row.reviewed) },
    ]),
  );
}
