import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/** Told how long a statement took, in seconds (the app's query-time histogram), and its SQL text. */
export type QueryObserver = (seconds: number, text: string) => void;

/** The SQL of a driver call's first argument: a string, or node-postgres' query config (`{ text }`). */
function textOf(query: unknown): string {
  if (typeof query === 'string') return query;
  const text = (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
}

/**
 * Times every statement at the driver, where Drizzle's and the raw queries of both engines meet: a pool's
 * connections (`pool.query` runs on one of them too) and PGlite's `query`, inside transactions as well. With no
 * observer the cost is one size check per statement; with one, two clock reads and the observer's call.
 */
export function queryTiming() {
  const observers = new Set<QueryObserver>();
  const report = (startedAt: number, query: unknown) => {
    const seconds = (performance.now() - startedAt) / 1000;
    for (const observer of observers) observer(seconds, textOf(query));
  };
  /** The promise as it is, reported when it settles (the caller still sees its rejection). */
  const timed = <T>(startedAt: number, query: unknown, result: T): T => {
    if (result instanceof Promise) {
      result.then(
        () => report(startedAt, query),
        () => report(startedAt, query),
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
          report(startedAt, args[0]);
          callback(error, result);
        };
      }
      return timed(startedAt, args[0], (query as (...a: unknown[]) => unknown).apply(this, args));
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
        return timed(performance.now(), args[0], query(...args));
      }) as PGlite['query'];
      const transaction = client.transaction.bind(client);
      client.transaction = ((fn: Parameters<PGlite['transaction']>[0]) =>
        transaction((tx) => {
          const txQuery = tx.query;
          tx.query = ((...args: Parameters<typeof txQuery>) => {
            if (observers.size === 0) return txQuery(...args);
            return timed(performance.now(), args[0], txQuery(...args));
          }) as typeof txQuery;
          return fn(tx);
        })) as PGlite['transaction'];
    },
  };
}
