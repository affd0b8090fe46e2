import { Client } from '@hubspot/api-client';
import { dealStages } from '@intergen/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { hubspotGateway } from '../src/modules/crm/hubspot.gateway.ts';
import { appScopes } from '../src/modules/crm/hubspot-portal.ts';
import { PORTAL_RECHECK_MS, watchPortal } from '../src/modules/crm/portal-watch.ts';
import { PermanentJobError } from '../src/outbox/outbox.ts';
import { hubspotEnv, hubspotSettingsOf } from './crm.support.ts';
import { type Engine, engines, freshDatabase, testConfig } from './helpers.ts';
import type { StubPortalOptions } from './hubspot-stub.portal.ts';
import { type HubSpotStub, startHubSpotStub } from './hubspot-stub.ts';

/**
 * The start-up check with HubSpot configured (modules/crm/portal-watch.ts): the token's scopes, every property,
 * both pipelines and every configured stage, against the stub's portal as `npm run crm:setup` leaves it (with
 * the ids of `hubspotEnv`), edited the way someone in HubSpot would edit it.
 */
const stubs: HubSpotStub[] = [];
afterEach(async () => {
  await Promise.all(stubs.splice(0).map((s) => s.close()));
});

async function portal(options: StubPortalOptions = {}) {
  const stub = await startHubSpotStub({ portal: options });
  stubs.push(stub);
  const env = hubspotEnv(stub);
  const settings = hubspotSettingsOf(env);
  const client = new Client({ accessToken: stub.accessToken, basePath: stub.url });
  return { stub, env, settings, client };
}

/** The lines of the start-up refusal, or [] when the app may start. */
async function refusal(settings: ReturnType<typeof hubspotSettingsOf>): Promise<string[]> {
  try {
    await watchPortal(settings).start();
    return [];
  } catch (error) {
    const [first, ...lines] = (error as Error).message.split('\n');
    expect(first).toMatch(/^Invalid configuration: the HubSpot portal/);
    return lines;
  }
}

describe('the start-up check', () => {
  it('lets a portal set up by crm:setup start', async () => {
    const { settings } = await portal();
    expect(await refusal(settings)).toEqual([]);
  });

  it('refuses a missing property', async () => {
    const { settings, client } = await portal();
    await client.crm.properties.coreApi.archive('contacts', 'profile_type');
    expect(await refusal(settings)).toEqual(['  contacts property profile_type: missing']);
  });

  it('refuses a property of the wrong type, and a key that is not unique', async () => {
    const { settings, client } = await portal();
    await client.crm.properties.coreApi.update('deals', 'match_score', {
      type: 'string',
      fieldType: 'text',
    } as never);
    await client.crm.properties.coreApi.archive('deals', 'intergen_deal_key');
    await client.crm.properties.coreApi.create('deals', {
      name: 'intergen_deal_key',
      label: 'InterGen deal key',
      type: 'string',
      fieldType: 'text',
      groupName: 'intergen',
    } as never);
    expect(await refusal(settings)).toEqual([
      '  deals property intergen_deal_key: must have unique values (HubSpot sets this only when a property is created)',
      '  deals property match_score: is string/text, must be number/number (a type cannot be changed once records have values: recreate it by hand)',
    ]);
  });

  it('refuses a missing stage, a renamed one and an unknown pipeline, naming their variables', async () => {
    const { settings, env, client } = await portal();
    const connection = env.HUBSPOT_CONNECTION_PIPELINE_ID!;
    await client.crm.pipelines.pipelineStagesApi.archive(
      'deals',
      connection,
      env.HUBSPOT_STAGE_CONNECTION_COMPLETE!,
    );
    await client.crm.pipelines.pipelineStagesApi.update('deals', connection, env.HUBSPOT_STAGE_SURVEY_SENT!, {
      label: 'Surveyed',
    } as never);
    expect(await refusal({ ...settings, pipelines: { ...settings.pipelines, network: '123456' } })).toEqual([
      `  HUBSPOT_STAGE_CONNECTION_COMPLETE=${env.HUBSPOT_STAGE_CONNECTION_COMPLETE}: no such stage in pipeline 'InterGen connections'`,
      `  HUBSPOT_STAGE_SURVEY_SENT=${env.HUBSPOT_STAGE_SURVEY_SENT}: the stage is named 'Surveyed', not 'Survey Sent'`,
      '  HUBSPOT_NETWORK_PIPELINE_ID=123456: no such deal pipeline in this portal',
    ]);
  });

  it('refuses a token without a scope the app needs, one line per scope', async () => {
    const { settings } = await portal({
      scopes: appScopes.filter((s) => s !== 'crm.objects.deals.write' && s !== 'crm.schemas.contacts.read'),
    });
    expect(await refusal(settings)).toEqual([
      '  HUBSPOT_ACCESS_TOKEN: the private app lacks the scope crm.objects.deals.write',
      '  HUBSPOT_ACCESS_TOKEN: the private app lacks the scope crm.schemas.contacts.read',
    ]);
  });

  it('a token HubSpot refuses is a problem; a HubSpot that does not answer is not', async () => {
    const { settings, stub } = await portal();
    expect(await refusal({ ...settings, accessToken: 'pat-wrong' })).toEqual([
      '  HUBSPOT_ACCESS_TOKEN: HubSpot refused the token (HTTP 401)',
    ]);
    stub.down();
    const errors: unknown[] = [];
    await expect(watchPortal(settings, { onError: (e) => errors.push(e) }).start()).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
  });
});

describe.each(engines)('/api/ready with HubSpot, on %s', (engine: Engine) => {
  it('reports a portal changed since start-up, re-checked at most every few minutes', async () => {
    const { env, client, stub } = await portal();
    let clock = 1_000_000;
    const database = await freshDatabase(engine);
    const app = await buildApp({
      config: testConfig(env),
      database,
      logger: false,
      portalClock: () => clock,
    });
    try {
      await app.ready();
      await app.hubspotPortal!.start();
      const ready = () => app.inject({ method: 'GET', url: '/api/ready' });
      expect((await ready()).statusCode).toBe(200);

      await client.crm.properties.coreApi.archive('contacts', 'linkedin');
      const asked = stub.stats().requests;
      // Within the interval the cached answer stands, and HubSpot is not asked.
      clock += PORTAL_RECHECK_MS - 1;
      expect((await ready()).statusCode).toBe(200);
      await app.hubspotPortal!.idle();
      expect(stub.stats().requests).toBe(asked);

      clock += 1;
      expect((await ready()).statusCode).toBe(200); // starts the re-check, answers at once
      await app.hubspotPortal!.idle();
      const changed = await ready();
      expect(changed.statusCode).toBe(503);
      expect(changed.json()).toMatchObject({
        status: 'not ready',
        database: 'ok',
        reason: 'the HubSpot portal changed since start-up: contacts property linkedin: missing',
      });
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('a write the portal refuses', () => {
  it('is parked at once, its error naming the property and the stage', async () => {
    const { settings, client, env } = await portal();
    await client.crm.properties.coreApi.archive('contacts', 'linkedin');
    const gateway = hubspotGateway(settings);
    const record = {
      memberId: 'm-1',
      kind: 'expert' as const,
      email: 'm-1@example.com',
      name: 'Ada',
      properties: { linkedin: 'https://linkedin.com/in/ada' },
    };
    const contact = gateway.createContact(record);
    await expect(contact).rejects.toBeInstanceOf(PermanentJobError);
    await expect(contact).rejects.toThrow(
      'HubSpot contact create: HTTP 400: HubSpot refused the property linkedin (Property "linkedin" does not exist)',
    );

    // A stage id of the other pipeline.
    const wrong = hubspotGateway({
      ...settings,
      stageIds: { ...settings.stageIds, [dealStages.pending]: env.HUBSPOT_STAGE_IBA_ACCEPTS! },
    });
    const deal = wrong.createDeal({
      pipeline: 'connection',
      dealKey: 'k-1',
      stage: dealStages.pending,
      lostReason: null,
      contactIds: ['1', '2'],
      properties: {},
      eventId: 1,
    });
    await expect(deal).rejects.toThrow(
      `HubSpot deal create: HTTP 400: HubSpot refused the property dealstage (${env.HUBSPOT_STAGE_IBA_ACCEPTS} was not one of the allowed options)`,
    );
  });
});
