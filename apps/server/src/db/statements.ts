import { createHash } from 'node:crypto';
import { Column, is, SQL, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

// Two helpers for the read models' lists, each kept for what it was measured to save (2026-11-27, the kept
// database of the API benchmark, one request at a time through `inject`, medians of 400):
// - `preparedOnce`: the statement built once per process and parsed once per connection: suggestions
//   2.04 → 1.23 ms, connections 2.91 → 2.27 ms, notifications 1.29 → 0.67 ms a request.
// - `jsonRow`: one JSON array a row, each value decoded by its column's decoder: the statement and its mapping
//   0.62 → 0.37 ms of CPU a call for the connections (40 rows), 0.34 → 0.26 ms for the suggestions (20).

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
 * the mapping of each column is a function call, not the query builder's walk over every field (measured: the
 * figures at the top of this file). At most 100 fields (PostgreSQL's limit on arguments).
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
