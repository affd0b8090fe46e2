import type { Db } from './client.ts';

/** SQLSTATEs after which the same transaction, run again, may well succeed: a lost deadlock, a serialization failure. */
const RETRYABLE = new Set(['40P01', '40001']);

/** How many times a transaction runs at most (the first run and the retries). */
export const TRANSACTION_ATTEMPTS = 5;

/** The SQLSTATE of a database error, also when the driver's error is the `cause` of the ORM's. */
export function sqlStateOf(error: unknown): string | undefined {
  let e = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** Whether a transaction that failed with `error` is worth running again. */
export function isRetryable(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state !== undefined && RETRYABLE.has(state);
}

/** A random wait before the next run, doubling up to ~80 ms, so that the losers of one conflict do not meet again. */
const backoffMs = (attempt: number) => Math.random() * 5 * 2 ** attempt;

const retrying = new WeakSet<object>();

/**
 * Makes `db.transaction` run its callback again, in a fresh transaction, when PostgreSQL ends it with a deadlock
 * (40P01) or a serialization failure (40001): the database rolled everything back, so running the callback again is
 * the same as a first run (callbacks only touch the database; side effects go through the outbox). At most
 * `TRANSACTION_ATTEMPTS` runs; then the error is thrown as it is. Nested transactions (savepoints) are not retried
 * on their own: the outer transaction is. Wrapping the same database twice changes nothing.
 */
export function retryTransactions(db: Db, attempts: number = TRANSACTION_ATTEMPTS): void {
  if (retrying.has(db)) return;
  retrying.add(db);
  const run = db.transaction.bind(db);
  db.transaction = (async (...args: Parameters<Db['transaction']>) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await run(...args);
      } catch (error) {
        if (attempt >= attempts || !isRetryable(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt)));
      }
    }
  }) as Db['transaction'];
}
