import { Client } from '@hubspot/api-client';
import { type CrmPipeline, pipelineStages } from '@intergen/domain';
import { type HubSpotSettings, pipelineEnvName, stageEnvName } from '../../config.ts';
import {
  accessTokenInfoPath,
  appScopes,
  type HubSpotObject,
  type PortalProperty,
  portalProperties,
} from './hubspot-portal.ts';

/**
 * Is the configured HubSpot portal the one the mirror writes to (hubspot-portal.ts)? The token's scopes, every
 * property (exists, same type and field type, unique where it must be, every option there) and the configured
 * pipeline and stage ids. Each problem is one line; an empty list is a portal in order.
 */

/** A property as HubSpot's properties API answers it (the part compared). */
export interface PortalPropertyFound {
  name: string;
  type: string;
  fieldType: string;
  hasUniqueValue?: boolean;
  options?: { value: string }[];
}

/** What differs between the property the mirror needs and the one in the portal (null: missing). */
export function propertyProblems(
  object: HubSpotObject,
  wanted: PortalProperty,
  found: PortalPropertyFound | undefined,
): string[] {
  const what = `${object} property ${wanted.name}`;
  if (!found) return [`${what}: missing`];
  const problems: string[] = [];
  if (found.type !== wanted.type || found.fieldType !== wanted.fieldType) {
    problems.push(
      `${what}: is ${found.type}/${found.fieldType}, must be ${wanted.type}/${wanted.fieldType} ` +
        '(a type cannot be changed once records have values: recreate it by hand)',
    );
  }
  if (wanted.hasUniqueValue && !found.hasUniqueValue) {
    problems.push(`${what}: must have unique values (HubSpot sets this only when a property is created)`);
  }
  const options = new Set((found.options ?? []).map((o) => o.value));
  const missing = (wanted.options ?? []).filter((o) => !options.has(o.value)).map((o) => o.value);
  if (missing.length > 0) problems.push(`${what}: options missing: ${missing.join(', ')}`);
  return problems;
}

/** Every property of both objects, as the portal has them, compared with hubspot-portal.ts. */
export async function allPropertyProblems(client: Client): Promise<string[]> {
  const problems: string[] = [];
  for (const object of ['contacts', 'deals'] as const) {
    const found = new Map(
      (await client.crm.properties.coreApi.getAll(object)).results.map((p) => [p.name, p]),
    );
    for (const wanted of portalProperties[object]) {
      problems.push(...propertyProblems(object, wanted, found.get(wanted.name)));
    }
  }
  return problems;
}

/** The scopes the private app's token lacks, from HubSpot's token info (the token goes in the body). */
export async function missingScopes(client: Client, token: string, wanted: readonly string[]) {
  const response = await client.apiRequest({
    method: 'POST',
    path: accessTokenInfoPath,
    body: { tokenKey: token },
  });
  // As the client's own calls fail: HubSpot's status in `code`.
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw Object.assign(new Error(`HubSpot token info: HTTP ${response.status}`), {
      code: response.status,
      body,
    });
  }
  const info = (await response.json()) as { scopes?: string[] };
  const granted = new Set(info.scopes ?? []);
  return wanted.filter((scope) => !granted.has(scope));
}

/** The configured pipeline ids and stage ids, each looked up in its pipeline. */
async function idProblems(client: Client, settings: HubSpotSettings): Promise<string[]> {
  const pipelines = new Map(
    (await client.crm.pipelines.pipelinesApi.getAll('deals')).results.map((p) => [p.id, p]),
  );
  const problems: string[] = [];
  for (const [name, id] of Object.entries(settings.pipelines) as [CrmPipeline, string][]) {
    const pipeline = pipelines.get(id);
    if (!pipeline) {
      problems.push(`${pipelineEnvName(name)}=${id}: no such deal pipeline in this portal`);
      continue;
    }
    const stages = new Map(pipeline.stages.map((s) => [s.id, s.label]));
    for (const stage of pipelineStages(name)) {
      const stageId = settings.stageIds[stage] ?? '';
      const label = stages.get(stageId);
      if (label === undefined) {
        problems.push(`${stageEnvName(stage)}=${stageId}: no such stage in pipeline '${pipeline.label}'`);
      } else if (label !== stage) {
        problems.push(`${stageEnvName(stage)}=${stageId}: the stage is named '${label}', not '${stage}'`);
      }
    }
  }
  return problems;
}

/** The official client for the portal's schema calls (the check and `crm:setup`): no retries of its own. */
export const portalClient = (settings: Pick<HubSpotSettings, 'accessToken' | 'baseUrl'>) =>
  new Client({ accessToken: settings.accessToken, basePath: settings.baseUrl, numberOfApiCallRetries: 0 });

/**
 * The start-up check: scopes, properties, pipelines and stages, one line per problem. A call that fails (HubSpot
 * unreachable, the token refused) throws: the caller tells that apart from a portal with problems.
 */
export async function checkPortal(settings: HubSpotSettings): Promise<string[]> {
  const client = portalClient(settings);
  const scopes = await missingScopes(client, settings.accessToken, appScopes);
  const problems = scopes.map((scope) => `HUBSPOT_ACCESS_TOKEN: the private app lacks the scope ${scope}`);
  problems.push(...(await allPropertyProblems(client)));
  problems.push(...(await idProblems(client, settings)));
  return problems;
}
