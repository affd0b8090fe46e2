import { Client } from '@hubspot/api-client';
import { crmPipelines, pipelineStages } from '@intergen/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { type HubSpotSettings, loadConfig, pipelineEnvName, stageEnvName } from '../src/config.ts';
import { crmContacts, crmDeals } from '../src/db/schema.ts';
import type { CrmGateway } from '../src/modules/crm/gateway.ts';
import { hubspotGateway, hubspotIds } from '../src/modules/crm/hubspot.gateway.ts';
import { localGateway } from '../src/modules/crm/local.gateway.ts';
import { createTestApp, type Engine, type TestApp } from './helpers.ts';
import { type HubSpotStub, startHubSpotStub } from './hubspot-stub.ts';

/** The CRM's two gateways, for tests that hold for both. */
export const gateways = ['local', 'hubspot'] as const;
export type GatewayName = (typeof gateways)[number];

/**
 * The environment that points the app at a HubSpot stub: its token and base URL, and an id for each pipeline
 * and stage as a HubSpot portal would have them (numbers, unlike our stage names).
 */
export function hubspotEnv(stub: HubSpotStub): Record<string, string> {
  const env: Record<string, string> = { HUBSPOT_ACCESS_TOKEN: stub.accessToken, HUBSPOT_BASE_URL: stub.url };
  let next = 900_100;
  for (const pipeline of crmPipelines) {
    env[pipelineEnvName(pipeline)] = String(next++);
    for (const stage of pipelineStages(pipeline)) env[stageEnvName(stage)] = String(next++);
  }
  return env;
}

/** The settings the app reads from `hubspotEnv` (for a test's own gateway, reading what the app wrote). */
export function hubspotSettingsOf(env: Record<string, string>): HubSpotSettings {
  const settings = loadConfig({ APP_URL: 'http://intergen.test', ...env }).hubspot;
  if (!settings) throw new Error('no HubSpot settings in this environment');
  return settings;
}

/** A stub of HubSpot whose contacts are unique by member id and by e-mail, and deals by our key, as configured. */
export const startCrmStub = () =>
  startHubSpotStub({
    uniqueProperties: { contacts: [hubspotIds.member, 'email'], deals: [hubspotIds.dealKey] },
  });

/**
 * The hooks of a describe block whose tests share an app mirroring to a fresh HubSpot stub (`startCrmStub`), and a
 * HubSpot user's client of that stub (who changes records behind the app's back); filled in before the first test.
 */
export function useHubSpotApp(engine: Engine): { t: TestApp; stub: HubSpotStub; hubspot: Client } {
  const shared = {} as { t: TestApp; stub: HubSpotStub; hubspot: Client };
  beforeAll(async () => {
    shared.stub = await startCrmStub();
    shared.t = await createTestApp(engine, hubspotEnv(shared.stub));
    shared.hubspot = new Client({ accessToken: shared.stub.accessToken, basePath: shared.stub.url });
  });
  afterAll(async () => {
    await shared.t.close();
    await shared.stub.close();
  });
  return shared;
}

/**
 * What a test reads of the CRM, the same way for both gateways: a deal by its key (stage and lost reason in our
 * names), the member ids of its two contacts, and how many deals and contacts there are for a key or a member.
 */
export interface CrmReader {
  gateway: CrmGateway;
  deal(key: string): ReturnType<CrmGateway['findDealByKey']>;
  parties(key: string): Promise<string[]>;
  dealCount(key: string): Promise<number>;
  contactCount(memberId: string): Promise<number>;
  /** The member's contact properties as the CRM holds them (HubSpot's are strings), or null. */
  contact(memberId: string): Promise<Record<string, unknown> | null>;
}

export function crmReader(t: TestApp, stub: HubSpotStub | null, env: Record<string, string>): CrmReader {
  if (!stub) {
    const db = t.database.db;
    return {
      gateway: localGateway(db),
      deal: (key) => localGateway(db).findDealByKey(key),
      async parties(key) {
        const [deal] = await db.select().from(crmDeals).where(eq(crmDeals.dealKey, key));
        if (!deal) return [];
        const contacts = await db.select().from(crmContacts);
        const memberOf = (id: string) => contacts.find((c) => c.id === id)?.memberId ?? '?';
        return [memberOf(deal.firstContactId), memberOf(deal.secondContactId)].sort();
      },
      dealCount: async (key) => (await db.select().from(crmDeals).where(eq(crmDeals.dealKey, key))).length,
      contactCount: async (memberId) =>
        (await db.select().from(crmContacts).where(eq(crmContacts.memberId, memberId))).length,
      contact: async (memberId) =>
        (await db.select().from(crmContacts).where(eq(crmContacts.memberId, memberId)))[0]?.properties ??
        null,
    };
  }
  const gateway = hubspotGateway(hubspotSettingsOf(env));
  return {
    gateway,
    deal: (key) => gateway.findDealByKey(key),
    async parties(key) {
      const deal = stub.records('deals').find((d) => d.properties[hubspotIds.dealKey] === key);
      if (!deal) return [];
      const contacts = stub.records('contacts');
      return deal.associations
        .map((id) => contacts.find((c) => c.id === id)?.properties[hubspotIds.member] ?? '?')
        .sort();
    },
    dealCount: async (key) =>
      stub.records('deals').filter((d) => d.properties[hubspotIds.dealKey] === key).length,
    contactCount: async (memberId) =>
      stub.records('contacts').filter((c) => c.properties[hubspotIds.member] === memberId).length,
    contact: async (memberId) =>
      stub.records('contacts').find((c) => c.properties[hubspotIds.member] === memberId)?.properties ?? null,
  };
}

/** A server-to-server proxy call: a bearer, no cookie, no Origin. */
export const proxyCall = (app: Pick<TestApp['app'], 'inject'>, token: string, path: string, body: unknown) =>
  app.inject({
    method: 'POST',
    url: path,
    headers: { authorization: `Bearer ${token}` },
    payload: body as object,
  });
