import type { AdminMemberActivity } from '@intergen/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pair, sent } from './connections.support.ts';
import { signInAdmin } from './factories.ts';
import { createTestApp, type Engine, engines, type TestApp } from './helpers.ts';

describe.each(engines)('an admin’s view of one member’s activity on %s', (engine: Engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.app.worker.drain();
    await t.close();
  });

  it('gives the member’s dates, suggestion, sent and received request with state, and CRM deal', async () => {
    const admin = await signInAdmin(t);
    const p = await pair(t);
    const request = await sent(p.company, p.suggestionId, 'Hello');
    // The CRM deal is written by the worker from the request's event.
    await t.app.worker.drain();

    const read = async (id: string) => {
      const response = await admin.client.get(`/api/admin/members/${id}/activity`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().activity as AdminMemberActivity;
    };
    const company = await read(p.company.id);
    expect(company.dates.signedUp).toBeGreaterThan(0);
    expect(company.dates.emailVerified).toBe(true);
    expect(company.dates.published).not.toBeNull();
    expect(company.dates.lastSignIn).not.toBeNull();
    expect(company.dates.paused).toBeNull();
    expect(company.suggestions).toEqual([
      expect.objectContaining({
        id: p.suggestionId,
        counterpart: expect.objectContaining({ id: p.expert.id }),
      }),
    ]);
    expect(company.requests).toEqual([
      expect.objectContaining({
        id: request.id,
        direction: 'sent',
        state: 'open',
        counterpart: expect.objectContaining({ id: p.expert.id }),
      }),
    ]);
    expect(company.deals).toHaveLength(1);
    expect(company.deals[0]).toMatchObject({
      pipeline: 'connection',
      lostReason: null,
      counterpart: { id: p.expert.id },
    });
    expect(company.deals[0]!.stage).not.toBe('');
    expect(company.deals[0]!.counterpart.name).toBeTruthy();

    const expert = await read(p.expert.id);
    expect(expert.requests).toEqual([
      expect.objectContaining({ id: request.id, direction: 'received', state: 'open' }),
    ]);
    expect(expert.deals.map((d) => d.id)).toEqual(company.deals.map((d) => d.id));
  });

  it('is for admins only: a member gets 403, an unknown id 404', async () => {
    const admin = await signInAdmin(t);
    const p = await pair(t);
    const refused = await p.company.client.get(`/api/admin/members/${p.expert.id}/activity`);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('suggestions');
    const unknown = await admin.client.get('/api/admin/members/nobody/activity');
    expect(unknown.statusCode).toBe(404);
  });
});
