import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/** Told how long a statement took, in seconds (the app's query-time histogram). */
export type QueryObserver = (seconds: number) => void;

/**
 * Times every statement at the driver, where Drizzle's and the raw queries of both engines meet: a pool's
 * connections (`pool.query` runs on one of them too) and PGlite's `query`, inside transactions as well. With no
 * observer the cost is one size check per statement; with one, two clock reads and the observer's call.
 */
export function queryTiming() {
  const observers = new Set<QueryObserver>();
  const report = (startedAt: number) => {
    const seconds = (performance.now() - startedAt) / 1000;
    for (const observer of observers) observer(seconds);
  };
  /** The promise as it is, reported when it settles (the caller still sees its rejection). */
  const timed = <T>(startedAt: number, result: T): T => {
    if (result instanceof Promise) {
      result.then(
        () => report(startedAt),
        () => report(startedAt),
      );
    }
    return result;
  };

  function timeClient(client: pg.PoolClient) {
    const query = client.query;
    client.query = function timedQuery(this: pg.PoolClient, ...args: unknown[]) {
      if (observers.size === 0) return (query as (...a: unknown[]) => unknown).apply(this, args);
      const startedAt = performance.now();
      const callback = args.at(-1);
      // pg-pool's own `pool.query` passes a callback rather than awaiting a promise.
      if (typeof callback === 'function') {
        args[args.length - 1] = (error: unknown, result: unknown) => {
          report(startedAt);
          callback(error, result);
        };
      }
      return timed(startedAt, (query as (...a: unknown[]) => unknown).apply(this, args));
    } as typeof client.query;
  }

  return {
    /** Adds an observer of every statement from now on; the function returned removes it. */
    observe(observer: QueryObserver): () => void {
      observers.add(observer);
      return () => {
        observers.delete(observer);
      };
    },
    /** Times the statements of every connection the pool opens. */
    pool(pool: pg.Pool) {
      pool.on('connect', timeClient);
    },
    /** Times PGlite's statements: its `query`, and the `query` of each transaction it hands out. */
    pglite(client: PGlite) {
      const query = client.query.bind(client);
      client.query = ((...args: Parameters<PGlite['query']>) => {
        if (observers.size === 0) return query(...args);
        return timed(performance.now(), query(...args));
      }) as PGlite['query'];
      const transaction = client.transaction.bind(client);
      client.transaction = ((fn: Parameters<PGlite['transaction']>[0]) =>
        transaction((tx) => {
          const txQuery = tx.query;
          tx.query = ((...args: Parameters<typeof txQuery>) => {
            if (observers.size === 0) return txQuery(...args);
            return timed(performance.now(), txQuery(...args));
          }) as typeof txQuery;
          return fn(tx);
        })) as PGlite['transaction'];
    },
  };
}
