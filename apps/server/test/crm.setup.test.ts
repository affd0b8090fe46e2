import { crmPipelines, pipelineStages } from '@intergen/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, pipelineEnvName, stageEnvName } from '../src/config.ts';
import { hubspotIds } from '../src/modules/crm/hubspot.gateway.ts';
import { checkPortal, portalClient } from '../src/modules/crm/hubspot-check.ts';
import {
  hubspotOwnProperties,
  portalPipelines,
  portalProperties,
  setupScopes,
} from '../src/modules/crm/hubspot-portal.ts';
import { setUpPortal, setupReport } from '../src/modules/crm/hubspot-setup.ts';
import { contactRecord, dealPropertyNames } from '../src/modules/crm/properties.ts';
import { member } from './connections.support.ts';
import { APP_URL, type Engine, engines } from './helpers.ts';
import { type HubSpotStub, startHubSpotStub } from './hubspot-stub.ts';
import { useTestApp } from './suite.ts';

/** `npm run crm:setup` (modules/crm/hubspot-setup.ts) against the stub's portal, through the official client. */
describe('npm run crm:setup', () => {
  let stub: HubSpotStub;
  let client: ReturnType<typeof portalClient>;
  beforeEach(async () => {
    stub = await startHubSpotStub({ portal: { state: 'fresh' } });
    client = portalClient({ accessToken: stub.accessToken, baseUrl: stub.url });
  });
  afterEach(() => stub.close());

  const run = () => setUpPortal(client, stub.accessToken);
  const envOf = (lines: string[]) =>
    Object.fromEntries(lines.map((line) => line.split('=') as [string, string]));

  it('creates every property, the unique keys unique, and both pipelines with their stages in order', async () => {
    const result = await run();
    expect(result.problems).toEqual([]);
    const wanted = portalProperties.contacts.length + portalProperties.deals.length;
    expect(result.created.filter((l) => l.includes(' property ') && !l.includes('group'))).toHaveLength(
      wanted,
    );
    for (const object of ['contacts', 'deals'] as const) {
      const found = new Map(
        (await client.crm.properties.coreApi.getAll(object)).results.map((p) => [p.name, p]),
      );
      for (const p of portalProperties[object]) {
        expect(found.get(p.name), p.name).toMatchObject({
          type: p.type,
          fieldType: p.fieldType,
          groupName: 'intergen',
          hasUniqueValue: p.hasUniqueValue === true,
        });
        expect(found.get(p.name)?.options.map((o) => o.value)).toEqual((p.options ?? []).map((o) => o.value));
      }
    }
    expect(
      (await client.crm.properties.coreApi.getByName('contacts', hubspotIds.member)).hasUniqueValue,
    ).toBe(true);
    expect((await client.crm.properties.coreApi.getByName('deals', hubspotIds.dealKey)).hasUniqueValue).toBe(
      true,
    );

    const pipelines = (await client.crm.pipelines.pipelinesApi.getAll('deals')).results;
    for (const wantedPipeline of portalPipelines) {
      const pipeline = pipelines.find((p) => p.label === wantedPipeline.label);
      expect(pipeline?.stages.map((s) => s.label)).toEqual([...pipelineStages(wantedPipeline.pipeline)]);
      expect(pipeline?.stages.map((s) => s.metadata?.isClosed)).toEqual(
        wantedPipeline.stages.map((s) => String(s.isClosed)),
      );
    }

    // The lines to paste name every pipeline and stage, and the app's configuration and check take them.
    const env = envOf(result.env);
    expect(Object.keys(env).sort()).toEqual(
      crmPipelines.flatMap((p) => [pipelineEnvName(p), ...pipelineStages(p).map(stageEnvName)]).sort(),
    );
    const settings = loadConfig({
      APP_URL,
      HUBSPOT_ACCESS_TOKEN: stub.accessToken,
      HUBSPOT_BASE_URL: stub.url,
      ...env,
    }).hubspot!;
    expect(await checkPortal(settings)).toEqual([]);
    expect(setupReport(result)).toContain(
      `${pipelineEnvName('connection')}=${env[pipelineEnvName('connection')]}`,
    );
  });

  it('a second run changes nothing, says so, and prints the same lines', async () => {
    const first = await run();
    const requests = stub.stats().byRoute;
    const second = await run();
    expect(second).toEqual({ created: [], problems: [], env: first.env });
    expect(setupReport(second)).toMatch(/^Nothing to change/);
    // No write the second time: only reads.
    const writes = Object.entries(stub.stats().byRoute).filter(
      ([route, n]) =>
        !route.startsWith('GET') && !route.includes('access-token-info') && n !== requests[route],
    );
    expect(writes).toEqual([]);
  });

  it('reports an edited property and stage line by line, and leaves them as they are', async () => {
    const first = await run();
    const env = envOf(first.env);
    await client.crm.properties.coreApi.update('deals', 'match_score', {
      type: 'string',
      fieldType: 'text',
    } as never);
    await client.crm.properties.coreApi.update('contacts', 'fee_based', {
      options: [{ label: 'Yes', value: 'yes', displayOrder: 0, hidden: false }],
    });
    const pipeline = env[pipelineEnvName('connection')]!;
    await client.crm.pipelines.pipelineStagesApi.update(
      'deals',
      pipeline,
      env[stageEnvName('Survey Sent')]!,
      {
        label: 'Surveyed',
      } as never,
    );

    const second = await run();
    expect(second.created).toEqual([]);
    expect(second.problems).toEqual([
      'contacts property fee_based: options missing: no',
      'deals property match_score: is string/text, must be number/number (a type cannot be changed once records have values: recreate it by hand)',
      "pipeline 'InterGen connections': stage 'Survey Sent' missing (renamed or deleted?)",
    ]);
    expect(setupReport(second)).toContain('  deals property match_score: is string/text');
    // Never overwritten.
    expect((await client.crm.properties.coreApi.getByName('deals', 'match_score')).type).toBe('string');
    // The renamed stage has no line to paste.
    expect(second.env).not.toContain(`${stageEnvName('Survey Sent')}=${env[stageEnvName('Survey Sent')]}`);
  });

  it('changes nothing with a token that lacks a schema write scope', async () => {
    const limited = await startHubSpotStub({
      portal: { state: 'fresh', scopes: setupScopes.filter((s) => s !== 'crm.schemas.deals.write') },
    });
    try {
      const result = await setUpPortal(
        portalClient({ accessToken: limited.accessToken, baseUrl: limited.url }),
        limited.accessToken,
      );
      expect(result).toEqual({
        created: [],
        env: [],
        problems: ['HUBSPOT_ACCESS_TOKEN: the private app lacks the scope crm.schemas.deals.write'],
      });
    } finally {
      await limited.close();
    }
  });
});

/**
 * One source of truth: every property the gateway writes is HubSpot's own or one of hubspot-portal.ts's. A
 * property added to properties.ts (or the deal properties) without its definition fails here.
 */
describe.each(engines)('the portal schema covers what the gateway writes, on %s', (engine: Engine) => {
  const t = useTestApp(engine);
  const known = (object: 'contacts' | 'deals') =>
    new Set([...hubspotOwnProperties[object], ...portalProperties[object].map((p) => p.name)]);

  it('every contact property of an expert and of a company', async () => {
    for (const kind of ['expert', 'company'] as const) {
      const m = await member(t, kind);
      const record = await contactRecord(t.database.db, m.id);
      const written = ['email', hubspotIds.member, ...Object.keys(record!.properties)];
      expect(written.filter((name) => !known('contacts').has(name))).toEqual([]);
    }
  });

  it('every deal property', () => {
    const written = [
      ...hubspotOwnProperties.deals,
      hubspotIds.dealKey,
      hubspotIds.lastEvent,
      ...dealPropertyNames,
    ];
    expect(written.filter((name) => !known('deals').has(name))).toEqual([]);
  });
});
