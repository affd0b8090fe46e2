import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm';

/**
 * Keyset paging for lists ordered by one value and then the row's id: a page starts past the last row of the
 * one before (`(value, id) < (…)` for a descending list), so rows added meanwhile never shift or repeat rows,
 * and any page costs what the first does. Used by the admin's read views (admin/records.read-model.ts).
 */

export type SortOrder = 'desc' | 'asc';

/**
 * Where a page starts: the previous page's last row, its sort value as key text, and its id. When a list
 * merges two tables, the last row may be the other table's: then only the value bounds this one, its rows at
 * that very value coming before that row (`ties: 'include'`) or after it (`'exclude'`) in the merged order.
 */
export type PageStart = { key: string; id: string } | { key: string; ties: 'include' | 'exclude' };

/** A page of rows, each with the key a cursor carries, and the total for the filter. */
export interface ListPage<Row> {
  rows: (Row & { key: string })[];
  total: number;
}

/**
 * SQL: a `timestamptz` as UTC text with its microseconds (`2026-01-02T03:04:05.123456Z`), for a cursor to
 * carry the value exactly (a JavaScript date keeps milliseconds only, and a rounded bound skips or repeats rows).
 */
export function exactTime(column: AnyColumn | SQL): SQL<string> {
  return sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/**
 * SQL: the rows after `start` in the list's order. `value` is the start's key cast to the column's type; `id`
 * the start's id as the id column holds it.
 */
export function pastKey(
  column: AnyColumn | SQL,
  idColumn: AnyColumn,
  order: SortOrder,
  start: PageStart,
  value: SQL,
  id: (raw: string) => string | number = (raw) => raw,
): SQL {
  if ('id' in start) {
    return order === 'desc'
      ? sql`(${column}, ${idColumn}) < (${value}, ${id(start.id)})`
      : sql`(${column}, ${idColumn}) > (${value}, ${id(start.id)})`;
  }
  const include = start.ties === 'include';
  if (order === 'desc') return include ? sql`${column} <= ${value}` : sql`${column} < ${value}`;
  return include ? sql`${column} >= ${value}` : sql`${column} > ${value}`;
}

/** The ORDER BY of such a list: the value, then the id, both in the list's direction. */
export function keysetOrder(order: SortOrder, column: AnyColumn | SQL, idColumn: AnyColumn): SQL[] {
  const by = order === 'desc' ? desc : asc;
  return [by(column), by(idColumn)];
}

/** SQL: the column holds one of `ids` (sent as one array parameter, however many). */
export function inIds(column: AnyColumn, ids: readonly string[]): SQL {
  return sql`${column} = ANY(${sql.param([...ids])}::text[])`;
}

/** Where a page of a list ordered by a timestamp (then id) starts, and how many rows it holds. */
export interface TimePageQuery {
  order: SortOrder;
  after: PageStart | null;
  limit: number;
}
