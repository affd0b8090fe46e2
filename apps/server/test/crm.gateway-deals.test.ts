import type { CrmDeliveriesResponse } from '@intergen/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox } from '../src/db/schema.ts';
import { hubspotIds } from '../src/modules/crm/hubspot.gateway.ts';
import { acted, pair, sent } from './connections.support.ts';
import { useHubSpotApp } from './crm.support.ts';
import { signInAdmin } from './factories.ts';
import { type Engine, engines } from './helpers.ts';

/** The HubSpot gateway's deals when a HubSpot user changed them. */
describe.each(engines)('HubSpot deals on %s', (engine: Engine) => {
  /** The app, its HubSpot stub, and a HubSpot user's client of it (through the API). */
  const h = useHubSpotApp(engine);

  const dealOf = (key: string) =>
    h.stub.records('deals').find((d) => d.properties[hubspotIds.dealKey] === key);

  it('a deal moved to another pipeline in HubSpot is parked for admins, named, and not tried again', async () => {
    const admin = await signInAdmin(h.t);
    const p = await pair(h.t);
    await sent(p.company, p.suggestionId, 'Hello');
    await h.t.app.worker.drain();
    const deal = dealOf(p.suggestionId)!;
    // HubSpot's own Sales Pipeline (every portal has it), not one of ours.
    await h.hubspot.crm.deals.basicApi.update(deal.id, {
      properties: { pipeline: 'default', dealstage: 'appointmentscheduled' },
    });

    await acted(p.expert, p.suggestionId, 'accept');
    await h.t.app.worker.drain();
    const rows = await h.t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.topic, 'crm.event'), sql`${outbox.payload}->>'type' = 'connection.accepted'`));
    const mine = rows.filter((r) => JSON.stringify(r.payload).includes(p.suggestionId));
    expect(mine.map((r) => [r.status, r.attempts])).toEqual([['dead', 1]]);
    const message = `HubSpot deal ${deal.id} (${hubspotIds.dealKey} ${p.suggestionId}) was moved in HubSpot to pipeline default`;
    expect(mine[0]!.lastError).toContain(message);
    // The admin's CRM page lists it with that message.
    const response = await admin.client.get('/api/admin/crm/deliveries');
    expect(response.statusCode, response.body).toBe(200);
    const { deliveries } = response.json() as CrmDeliveriesResponse;
    expect(deliveries.find((d) => d.id === mine[0]!.id)).toMatchObject({
      what: expect.stringContaining('connection.accepted'),
      lastError: expect.stringContaining(message),
    });
    // Nothing made again, nothing moved.
    expect(
      h.stub.records('deals').filter((d) => d.properties[hubspotIds.dealKey] === p.suggestionId),
    ).toHaveLength(1);
    expect(dealOf(p.suggestionId)?.properties.pipeline).toBe('default');
  });
});
