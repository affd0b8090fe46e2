import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';

/** What @fastify/rate-limit hands a store's callbacks: hits in the current window and the ms left in it. */
interface Counted {
  current: number;
  ttl: number;
}
type Done = (error: Error | null, result: Counted) => void;

/** The limiter's key as stored: a hash, so the table holds no addresses or e-mails. */
const rowKey = (key: string) => createHash('sha256').update(key).digest('base64url');

/**
 * One hit: a new window of `timeWindow` ms starts at the first hit (and after the last window ended), every
 * other hit adds one. One UPSERT, so concurrent hits from any number of instances are all counted; the
 * database's clock decides the windows, so instances need not agree on the time.
 */
const INCREMENT = `
  INSERT INTO rate_limits (key, hits, reset_at) VALUES ($1, 1, now() + $2::int * interval '1 millisecond')
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

/** Deletes the counters of these limiter keys (a deleted account's), in the caller's transaction. */
export async function deleteRateLimitKeys(ex: Executor, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await ex.delete(rateLimits).where(inArray(rateLimits.key, keys.map(rowKey)));
}

/** Housekeeping: deletes windows that have ended. */
export async function pruneRateLimits(database: Database): Promise<number> {
  const rows = await database.query<{ n: number }>(
    'WITH gone AS (DELETE FROM rate_limits WHERE reset_at <= now() RETURNING 1) SELECT count(*)::int AS n FROM gone',
  );
  return Number(rows[0]?.n ?? 0);
}
