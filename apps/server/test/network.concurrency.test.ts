import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkRequests } from '../src/db/schema.ts';
import { member } from './connections.support.ts';
import { createTestApp, type Engine, engines, type TestApp } from './helpers.ts';
import {
  act,
  networkEvents,
  networkNotifications,
  request,
  requested,
  rowsBetween,
} from './network.support.ts';

/**
 * Concurrent use of My Network. On PostgreSQL the calls really overlap (a pool of connections); PGlite runs
 * transactions one at a time, so there the same calls check that the loser sees the winner's state.
 */
describe.each(engines)('My Network under concurrent use on %s', (engine: Engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const expert = () => member(t, 'expert', { name: `Expert ${crypto.randomUUID()}` });

  it('A asks B while B asks A: exactly one request is made, the other is a duplicate', async () => {
    for (let round = 0; round < 4; round++) {
      const [a, b] = [await expert(), await expert()];
      const results = await Promise.all([request(a, b.id), request(b, a.id), request(a, b.id)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
      const rows = await rowsBetween(t, a.id, b.id);
      expect(rows).toHaveLength(1);
      expect(await networkEvents(t, rows[0]!.id)).toHaveLength(1);
      expect(await networkNotifications(t, rows[0]!.id)).toHaveLength(1);
    }
  });

  it('an accept racing a cancel ends in exactly one consistent state', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const [a, b] = [await expert(), await expert()];
      const r = await requested(a, b.id);
      const [accept, cancel] =
        round % 2 === 0
          ? await Promise.all([act(b, r.id, 'accept'), act(a, r.id, 'cancel')])
          : await Promise.all([act(a, r.id, 'cancel'), act(b, r.id, 'accept')]).then(([c, x]) => [x, c]);
      const [row] = await t.database.db.select().from(networkRequests).where(eq(networkRequests.id, r.id));
      const types = (await networkEvents(t, r.id)).map((e) => e.type);
      const kinds = (await networkNotifications(t, r.id)).map((n) => n.kind).sort();
      if (accept!.statusCode === 200) {
        expect(cancel!.statusCode).toBe(404);
        expect(row!.status).toBe('connected');
        expect(types).toEqual(['network.requested', 'network.accepted']);
        expect(kinds).toEqual(['network_accepted', 'network_request']);
        outcomes.add('connected');
      } else {
        expect(accept!.statusCode).toBe(400);
        expect(cancel!.statusCode).toBe(200);
        expect(row!.status).toBe('cancelled');
        expect(types).toEqual(['network.requested', 'network.cancelled']);
        expect(kinds).toEqual([]);
        outcomes.add('cancelled');
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it('two accepts at once: one connects, the other fails to respond', async () => {
    const [a, b] = [await expert(), await expert()];
    const r = await requested(a, b.id);
    const results = await Promise.all([
      act(b, r.id, 'accept'),
      act(b, r.id, 'accept'),
      act(b, r.id, 'decline'),
    ]);
    expect(results.map((x) => x.statusCode).sort()).toEqual([200, 400, 400]);
    const types = (await networkEvents(t, r.id)).map((e) => e.type);
    expect(types).toHaveLength(2);
  });
});
