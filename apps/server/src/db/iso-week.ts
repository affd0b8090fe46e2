import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * The Monday (`YYYY-MM-DD`) of the ISO week a timestamp falls in, in UTC whatever the session's time zone: the
 * analytics' week key (the domain's `isoWeekStart`, `utcDay`), grouped on by the repositories that count per week.
 */
export function isoWeekOf(timestamp: AnyColumn | SQL): SQL<string> {
  return sql<string>`to_char(date_trunc('week', ${timestamp} AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`;
}
