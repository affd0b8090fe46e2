import { createHash } from 'node:crypto';
import { Column, getTableColumns, is, SQL, sql, type Table } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/**
 * A statement of one module's table that another module's repository joins into its own statement as `via`
 * (one round trip instead of two, each module writing the SQL of its own tables): `source` is the statement,
 * `fields` its columns read back (expressions on `via.…`), `order` how its rows come (expressions on `via.…`).
 *
 * `name` and `params`: the joined statement is prepared once per database and kept (`preparedOnce`), so `source`
 * takes its values through placeholders (`sql.placeholder(key)`) that `params` fills on each call, and `name`
 * says which statement it is: two sources with the same name must be the same SQL (put every variant in it).
 *
 * Reads may join: a read model (`*.read-model.ts`) writes the whole statement itself, joining other modules'
 * tables, and needs no `ViaSource`; it still runs it with `preparedOnce` and reads it with `jsonRow`.
 */
export interface ViaSource<Row> {
  name: string;
  source: SQL;
  fields: Record<keyof Row & string, SQL>;
  order: SQL;
  params: Record<string, unknown>;
}

/** Every column of `table` read back from a `via` subquery that selected them, each mapped as the column maps it. */
function viaColumns<T extends Table>(table: T): Record<keyof T['$inferSelect'] & string, SQL> {
  const fields: Record<string, SQL> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    fields[key] = sql`via.${sql.identifier(column.name)}`.mapWith(column);
  }
  return fields as Record<keyof T['$inferSelect'] & string, SQL>;
}

/** `viaColumns` of only the columns `keys` (a list reads back what its views use, not the whole row). */
export function viaColumnsOf<T extends Table, K extends keyof T['$inferSelect'] & string>(
  table: T,
  keys: readonly K[],
): Record<K, SQL> {
  const all = viaColumns(table);
  return Object.fromEntries(keys.map((key) => [key, all[key]])) as Record<K, SQL>;
}

/** A column of the `via` subquery, for its `order` (the column of the table it selected from). */
export function viaColumn(column: Column): SQL {
  return sql`via.${sql.identifier(column.name)}`;
}

interface Prepared<R> {
  execute(params: Record<string, unknown>): Promise<R>;
}

const preparedStatements = new WeakMap<object, Map<string, Prepared<unknown>>>();

/** A query builder's statement that can be prepared under a name (a select, say). */
interface Preparable<R> {
  toSQL(): { sql: string };
  prepare(name: string): Prepared<R>;
}

/**
 * Runs `build`'s statement with `params`, prepared once per database under `name` and kept: the query builder
 * writes its SQL once, and PostgreSQL parses it once per connection (a named statement; it plans it each time until
 * a generic plan is as good, then keeps that; PGlite reuses the SQL only). Inside a transaction it is built and run each time (a transaction's statements die with it).
 * `name` must stand for one SQL text: the same name with other SQL runs the first one. The statement's name on the
 * server starts with a hash of its SQL, so two versions of a statement never meet under one name on a connection.
 */
export function preparedOnce<R>(
  ex: Executor,
  name: string,
  build: (ex: Executor) => Preparable<R>,
  params: Record<string, unknown>,
): Promise<R> {
  const prepare = () => {
    const query = build(ex);
    const hash = createHash('sha256').update(query.toSQL().sql).digest('base64url').slice(0, 12);
    // PostgreSQL keeps 63 bytes of a statement's name: the hash first, so that it always counts.
    return query.prepare(`${hash}:${name}`.slice(0, 63));
  };
  if (is(ex, PgTransaction)) return prepare().execute(params);
  let statements = preparedStatements.get(ex);
  if (!statements) {
    statements = new Map();
    preparedStatements.set(ex, statements);
  }
  let statement = statements.get(name) as Prepared<R> | undefined;
  if (!statement) {
    statement = prepare();
    statements.set(name, statement as Prepared<unknown>);
  }
  return statement.execute(params);
}

type Field = Column | SQL | SQL.Aliased;
type Decoder = { mapFromDriverValue(value: unknown): unknown };

/** The decoder the query builder maps a field's values with (an SQL keeps `mapWith`'s in an internal field). */
function decoderOf(field: Field): Decoder {
  if (is(field, Column)) return field;
  const expression = is(field, SQL) ? field : field.sql;
  return (expression as unknown as { decoder: Decoder }).decoder;
}

/**
 * Groups of fields read as one JSON array a row (`json_build_array`), each value decoded as the query builder
 * decodes that field: what a list of many rows and columns reads, so that the driver parses one value a row and
 * the mapping of each column is a function call, not the query builder's walk over every field (measured:
 * docs/benchmarks.md, "Third round: the lists"). At most 100 fields (PostgreSQL's limit on arguments).
 */
export function jsonRow<G extends Record<string, Record<string, Field>>>(
  groups: G,
): { sql: SQL<unknown>; decode(value: unknown): { [K in keyof G]: Record<keyof G[K] & string, unknown> } } {
  const entries = Object.entries(groups).flatMap(([group, fields]) =>
    Object.entries(fields).map(([key, field]) => ({
      group,
      key,
      value: is(field, SQL.Aliased) ? field.sql : field,
      decoder: decoderOf(field),
    })),
  );
  if (entries.length > 100) throw new Error('jsonRow: more than 100 fields');
  const names = Object.keys(groups);
  return {
    sql: sql`json_build_array(${sql.join(
      entries.map((e) => sql`${e.value}`),
      sql`, `,
    )})`,
    decode(value) {
      const values = value as unknown[];
      const out: Record<string, Record<string, unknown>> = {};
      for (const name of names) out[name] = {};
      for (let i = 0; i < entries.length; i++) {
        const e = entries[i]!;
        const v = values[i];
        out[e.group]![e.key] = v === null ? null : e.decoder.mapFromDriverValue(v);
      }
      return out as { [K in keyof G]: Record<keyof G[K] & string, unknown> };
    },
  };
}
