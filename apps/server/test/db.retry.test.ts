import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../src/db/client.ts';
import { retryTransactions, TRANSACTION_ATTEMPTS } from '../src/db/retry.ts';
import { engines, freshDatabase } from './helpers.ts';

/** A database whose every transaction fails with `error` (as the driver's error is the ORM error's cause). */
function failingDb(error: () => unknown) {
  const db = {
    runs: 0,
    async transaction() {
      db.runs += 1;
      throw error();
    },
  };
  return db;
}
const ormError = (code: string) =>
  Object.assign(new Error('Failed query'), { cause: Object.assign(new Error(code), { code }) });

describe('transactions run again after a deadlock or a serialization failure', () => {
  it.each(['40P01', '40001'])(
    'gives up after a bounded number of runs of a transaction failing with %s',
    async (code) => {
      const db = failingDb(() => ormError(code));
      retryTransactions(db as unknown as Db);
      await expect((db as unknown as Db).transaction(async () => {})).rejects.toThrow('Failed query');
      expect(db.runs).toBe(TRANSACTION_ATTEMPTS);
    },
  );

  it('runs a transaction failing for any other reason once', async () => {
    const db = failingDb(() => ormError('23505'));
    retryTransactions(db as unknown as Db);
    retryTransactions(db as unknown as Db);
    await expect((db as unknown as Db).transaction(async () => {})).rejects.toThrow('Failed query');
    expect(db.runs).toBe(1);
  });
});

// PGlite runs one transaction at a time: only a server can deadlock.
describe.each(engines.filter((e) => e === 'postgres'))('a deadlock on %s', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase('postgres');
    retryTransactions(database.db);
    await database.query('CREATE TABLE retry_probe (id int PRIMARY KEY, n int NOT NULL)');
    await database.query('INSERT INTO retry_probe VALUES (1, 0), (2, 0)');
  });
  afterAll(() => database.close());

  it('ends with both transactions committed: the one PostgreSQL chose as the loser ran again', async () => {
    let runs = 0;
    let arrived = 0;
    let bothHoldTheirFirstRow!: () => void;
    const barrier = new Promise<void>((resolve) => {
      bothHoldTheirFirstRow = resolve;
    });
    const crossing = (first: number, second: number) =>
      database.db.transaction(async (tx) => {
        runs += 1;
        await tx.execute(sql`UPDATE retry_probe SET n = n + 1 WHERE id = ${first}`);
        if (arrived < 2) {
          arrived += 1;
          if (arrived === 2) bothHoldTheirFirstRow();
          await barrier;
        }
        await tx.execute(sql`UPDATE retry_probe SET n = n + 1 WHERE id = ${second}`);
      });
    await Promise.all([crossing(1, 2), crossing(2, 1)]);
    expect(runs).toBe(3);
    expect(await database.query('SELECT id, n FROM retry_probe ORDER BY id')).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
  });
});
