import { and, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { analyticsRetained } from '../../db/schema.ts';

/** One anonymous count the analytics keep of deleted members (DESIGN.md §4). */
export interface RetainedCount {
  /** The ISO week's Monday, `YYYY-MM-DD` (UTC). */
  weekStart: string;
  /** `expert`, `company`, or `all` for a count without a role (lost deals, tracking). */
  role: string;
  /** A funnel stage, `lost:<reason>` or `tracking:<type>`. */
  metric: string;
  count: number;
}

/**
 * Serialises the deletions' counting until their commits: two members with a tie in common deleted at once would
 * each still see the other's tie, and neither would keep the counterpart's lost stage.
 */
export async function lockRetainedCounts(tx: Executor): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('intergen.analytics_retained'))`);
}

/** Adds counts to those kept (in the deletion's transaction): one upsert per count. */
export async function addRetainedCounts(ex: Executor, counts: readonly RetainedCount[]): Promise<void> {
  const rows = counts.filter((c) => c.count !== 0);
  if (rows.length === 0) return;
  await ex
    .insert(analyticsRetained)
    .values(rows.map((r) => ({ ...r })))
    .onConflictDoUpdate({
      target: [analyticsRetained.weekStart, analyticsRetained.role, analyticsRetained.metric],
      set: { count: sql`${analyticsRetained.count} + excluded.count` },
    });
}

/** The counts kept for the weeks of `[from, to)` (both whole-week bounds). */
export function retainedCounts(ex: Executor, range: { from: Date; to: Date }): Promise<RetainedCount[]> {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const r = analyticsRetained;
  return ex
    .select({ weekStart: r.weekStart, role: r.role, metric: r.metric, count: r.count })
    .from(r)
    .where(and(gte(r.weekStart, day(range.from)), lt(r.weekStart, day(range.to))));
}
