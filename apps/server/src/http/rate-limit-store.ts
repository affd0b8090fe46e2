import { createHash } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';

/** What @fastify/rate-limit hands a store's callbacks: hits in the current window and the ms left in it. */
interface Counted {
  current: number;
  ttl: number;
}
type Done = (error: Error | null, result: Counted) => void;

const hash = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * A limiter key that counts for one account (`subject`: its e-mail, or `user:<id>`). Stored, it starts with the
 * subject's hash, so a deleted account's counters are found and removed without knowing which clients (addresses)
 * tried it. E-mails hold no control characters (they are refused), so the line break cannot be part of one.
 */
export const subjectKey = (subject: string, rest: string) => `${subject}\n${rest}`;

/** Length of a stored subject prefix: a SHA-256 in base64url (43 characters) and a dot. */
const SUBJECT_PREFIX = 44;

/** The limiter's key as stored: hashes, so the table holds no addresses or e-mails. */
function rowKey(key: string): string {
  const cut = key.indexOf('\n');
  return cut < 0 ? hash(key) : `${hash(key.slice(0, cut))}.${hash(key)}`;
}

/**
 * One hit: a new window of `timeWindow` ms starts at the first hit (and after the last window ended), every
 * other hit adds one. One UPSERT, so concurrent hits from any number of instances are all counted; the
 * database's clock decides the windows, so instances need not agree on the time.
 */
const INCREMENT = `
  INSERT INTO rate_limits (key, hits, reset_at) VALUES ($1, 1, now() + $2::bigint * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE LEAST(rate_limits.hits + 1, 2147483647) END,
    reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
  RETURNING hits, GREATEST(0, extract(epoch FROM reset_at - now()) * 1000)::float8 AS ttl`;

const READ = `
  SELECT hits, GREATEST(0, extract(epoch FROM reset_at - now()) * 1000)::float8 AS ttl
  FROM rate_limits WHERE key = $1 AND reset_at > now()`;

/**
 * A @fastify/rate-limit store that keeps its counters in PostgreSQL (or PGlite): every instance behind a load
 * balancer counts against the same limits, and a restart forgets none. The plugin constructs the store class
 * itself, so the database comes in through this factory.
 */
export function databaseRateLimitStore(database: Database) {
  return class DatabaseRateLimitStore {
    incr(key: string, done: Done, timeWindow: number): void {
      database
        .query<{ hits: number; ttl: number }>(INCREMENT, [rowKey(key), Math.max(1, Math.trunc(timeWindow))])
        .then(([row]) => done(null, { current: Number(row!.hits), ttl: Math.round(Number(row!.ttl)) }))
        .catch((error: Error) => done(error, { current: 0, ttl: 0 }));
    }

    read(key: string, done: Done): void {
      database
        .query<{ hits: number; ttl: number }>(READ, [rowKey(key)])
        .then(([row]) =>
          done(
            null,
            row ? { current: Number(row.hits), ttl: Math.round(Number(row.ttl)) } : { current: 0, ttl: 0 },
          ),
        )
        .catch((error: Error) => done(error, { current: 0, ttl: 0 }));
    }

    /** Routes with their own limits share the table: their keys already differ. */
    child(): DatabaseRateLimitStore {
      return this;
    }
  };
}

/** Counts one hit of `key` in a window of `windowMs` (as the limiter does) and answers the hits in the window. */
export async function countHit(database: Database, key: string, windowMs: number): Promise<number> {
  const [row] = await database.query<{ hits: number }>(INCREMENT, [
    rowKey(key),
    Math.max(1, Math.trunc(windowMs)),
  ]);
  return Number(row?.hits ?? 0);
}

/** The hits of `key` in its current window (0 when it has none). */
export async function hitsOf(database: Database, key: string): Promise<number> {
  const [row] = await database.query<{ hits: number }>(READ, [rowKey(key)]);
  return Number(row?.hits ?? 0);
}

/** Deletes the counters of these limiter keys, in the caller's transaction. */
export async function deleteRateLimitKeys(ex: Executor, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await ex.delete(rateLimits).where(inArray(rateLimits.key, keys.map(rowKey)));
}

/** Deletes every counter kept for these subjects (a deleted account's, see `subjectKey`), whatever the client. */
export async function deleteRateLimitSubjects(ex: Executor, subjects: readonly string[]): Promise<void> {
  if (subjects.length === 0) return;
  const prefixes = subjects.map((subject) => `${hash(subject)}.`);
  await ex.delete(rateLimits).where(inArray(sql`left(${rateLimits.key}, ${SUBJECT_PREFIX})`, prefixes));
}

/** Housekeeping: deletes windows that have ended. */
export async function pruneRateLimits(database: Database): Promise<number> {
  const rows = await database.query<{ n: number }>(
    'WITH gone AS (DELETE FROM rate_limits WHERE reset_at <= now() RETURNING 1) SELECT count(*)::int AS n FROM gone',
  );
  return Number(rows[0]?.n ?? 0);
}
