import { type Column, getTableColumns, type SQL, sql, type Table } from 'drizzle-orm';

/**
 * A statement of one module's table that another module's repository joins into its own statement as `via`
 * (one round trip instead of two, each module writing the SQL of its own tables): `source` is the statement,
 * `fields` its columns read back (expressions on `via.…`), `order` how its rows come (expressions on `via.…`).
 */
export interface ViaSource<Row> {
  source: SQL;
  fields: Record<keyof Row & string, SQL>;
  order: SQL;
}

/** Every column of `table` read back from a `via` subquery that selected them, each mapped as the column maps it. */
export function viaColumns<T extends Table>(table: T): Record<keyof T['$inferSelect'] & string, SQL> {
  const fields: Record<string, SQL> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    fields[key] = sql`via.${sql.identifier(column.name)}`.mapWith(column);
  }
  return fields as Record<keyof T['$inferSelect'] & string, SQL>;
}

/** A column of the `via` subquery, for its `order` (the column of the table it selected from). */
export function viaColumn(column: Column): SQL {
  return sql`via.${sql.identifier(column.name)}`;
}
