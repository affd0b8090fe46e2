import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import {
  type Engine,
  engines,
  expectLimited,
  freshDatabase,
  reopened,
  testConfig,
  uniqueEmail,
  wrongSignIn,
} from './helpers.ts';

/** An app instance on a given database, as `npm start` would build it, with the production limits. */
async function instance(database: Database): Promise<App> {
  const app = await buildApp({
    config: testConfig({ RATE_LIMIT_MULTIPLIER: '1' }),
    database,
    printMail: () => {},
    logger: false,
  });
  await app.ready();
  return app;
}

const attempt = wrongSignIn;

describe.each(engines)('rate limits kept in the database on %s', (engine: Engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(engine);
  });
  afterAll(() => database.close());

  // Eleven password checks (scrypt) and two app starts: on a loaded two-core machine that can pass 30 s.
  it('keeps counting across a restart of the app', { timeout: 120_000 }, async () => {
    const email = uniqueEmail('target');
    const before = await instance(database);
    for (let i = 1; i <= 10; i++) {
      expect((await attempt(before, email, '10.3.0.1')).statusCode, `attempt ${i}`).toBe(401);
    }
    await before.close();
    const after = await instance(database);
    try {
      expectLimited(await attempt(after, email, '10.3.0.1'));
    } finally {
      await after.close();
    }
  });

  it('stores no e-mail or address, and the housekeeping deletes ended windows', async () => {
    const email = uniqueEmail('private');
    const app = await instance(database);
    try {
      expect((await attempt(app, email, '10.4.0.1')).statusCode).toBe(401);
      const keys = await database.query<{ key: string }>('SELECT key FROM rate_limits');
      expect(keys.length).toBeGreaterThan(0);
      for (const { key } of keys) {
        expect(key).not.toContain(email);
        expect(key).not.toContain('10.4.0.1');
      }
      await database.query(`UPDATE rate_limits SET reset_at = now() - interval '1 second'`);
      await app.housekeeping.runOnce();
      expect(await database.query('SELECT key FROM rate_limits')).toHaveLength(0);
      // An ended window starts again from one.
      expect((await attempt(app, email, '10.4.0.1')).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});

// Two instances need a database server both reach: PostgreSQL only (an embedded database has one process).
for (const engine of engines.filter((e) => e === 'postgres')) {
  describe(`rate limits shared by app instances on ${engine}`, () => {
    let first: Database;
    let second: Database;
    let one: App;
    let two: App;
    beforeAll(async () => {
      first = await freshDatabase(engine);
      second = await reopened(first);
      one = await instance(first);
      two = await instance(second);
    });
    afterAll(async () => {
      await two.close();
      await one.close();
      await second.close();
      await first.close();
    });

    it('counts the attempts on both instances against one limit', async () => {
      const email = uniqueEmail('shared');
      const both = await Promise.all(
        Array.from({ length: 10 }, (_, i) => attempt(i % 2 ? one : two, email, '10.5.0.1')),
      );
      for (const response of both) expect(response.statusCode).toBe(401);
      expectLimited(await attempt(one, email, '10.5.0.1'));
      expectLimited(await attempt(two, email, '10.5.0.1'));
    });
  });
}
