import type { Client } from '@hubspot/api-client';
import type { PropertyCreate } from '@hubspot/api-client/lib/codegen/crm/properties/index.js';
import { pipelineEnvName, stageEnvName } from '../../config.ts';
import { missingScopes, propertyProblems } from './hubspot-check.ts';
import {
  type HubSpotObject,
  type PortalPipeline,
  type PortalProperty,
  portalGroup,
  portalPipelines,
  portalProperties,
  setupScopes,
} from './hubspot-portal.ts';

/**
 * `npm run crm:setup`: makes a HubSpot portal the one hubspot-portal.ts describes. What is missing is created
 * (the group, each property with its options, the unique keys unique from the start, each pipeline with its
 * stages in order); what exists and differs is reported, never changed: a property's type cannot be changed once
 * records hold values, and a stage renamed or moved by someone has deals in it.
 */
export interface SetupResult {
  /** What this run created, one line each (none: the portal was set up already). */
  created: string[];
  /** What differs from hubspot-portal.ts and was left as it is, one line each. */
  problems: string[];
  /** `HUBSPOT_…=…` lines to paste into the environment. */
  env: string[];
}

const objects: HubSpotObject[] = ['contacts', 'deals'];

const createInput = (p: PortalProperty): PropertyCreate => ({
  name: p.name,
  label: p.label,
  type: p.type as PropertyCreate['type'],
  fieldType: p.fieldType as PropertyCreate['fieldType'],
  groupName: p.groupName,
  ...(p.options
    ? {
        options: p.options.map((o, i) => ({
          value: o.value,
          label: o.label,
          displayOrder: i,
          hidden: false,
        })),
      }
    : {}),
  ...(p.hasUniqueValue ? { hasUniqueValue: true } : {}),
});

async function setUpProperties(client: Client, object: HubSpotObject, result: SetupResult) {
  const groups = (await client.crm.properties.groupsApi.getAll(object)).results;
  if (!groups.some((g) => g.name === portalGroup.name)) {
    await client.crm.properties.groupsApi.create(object, { ...portalGroup, displayOrder: -1 });
    result.created.push(`${object} property group ${portalGroup.name}`);
  }
  const found = new Map((await client.crm.properties.coreApi.getAll(object)).results.map((p) => [p.name, p]));
  for (const wanted of portalProperties[object]) {
    const existing = found.get(wanted.name);
    if (existing) {
      result.problems.push(...propertyProblems(object, wanted, existing));
      continue;
    }
    await client.crm.properties.coreApi.create(object, createInput(wanted));
    result.created.push(`${object} property ${wanted.name} (${wanted.type}/${wanted.fieldType})`);
  }
}

const stageInput = (stage: PortalPipeline['stages'][number], displayOrder: number) => ({
  label: stage.label,
  displayOrder,
  metadata: { probability: String(stage.probability), isClosed: String(stage.isClosed) },
});

interface FoundPipeline {
  id: string;
  label: string;
  stages: { id: string; label: string; displayOrder: number; metadata?: Record<string, string> }[];
}

/** The existing pipeline's stages against ours: each found by its name, in our order, closed where ours is. */
function stageProblems(wanted: PortalPipeline, found: FoundPipeline): string[] {
  const what = `pipeline '${found.label}'`;
  const problems: string[] = [];
  const byLabel = new Map(found.stages.map((s) => [s.label, s]));
  for (const stage of wanted.stages) {
    const existing = byLabel.get(stage.label);
    if (!existing) problems.push(`${what}: stage '${stage.label}' missing (renamed or deleted?)`);
    else if ((existing.metadata?.isClosed === 'true') !== stage.isClosed) {
      problems.push(`${what}: stage '${stage.label}' must ${stage.isClosed ? '' : 'not '}be closed`);
    }
  }
  const ours = new Set(wanted.stages.map((s) => s.label));
  const order = [...found.stages]
    .sort((a, b) => a.displayOrder - b.displayOrder)
    .map((s) => s.label)
    .filter((label) => ours.has(label));
  const expected = wanted.stages.map((s) => s.label).filter((label) => byLabel.has(label));
  if (order.join('\n') !== expected.join('\n')) {
    problems.push(`${what}: stages in the order ${order.join(', ')}; must be ${expected.join(', ')}`);
  }
  return problems;
}

async function setUpPipelines(client: Client, result: SetupResult) {
  const existing = (await client.crm.pipelines.pipelinesApi.getAll('deals')).results;
  for (const [index, wanted] of portalPipelines.entries()) {
    let pipeline: FoundPipeline | undefined = existing.find((p) => p.label === wanted.label);
    if (pipeline) result.problems.push(...stageProblems(wanted, pipeline));
    else {
      pipeline = await client.crm.pipelines.pipelinesApi.create('deals', {
        label: wanted.label,
        displayOrder: index + 1,
        stages: wanted.stages.map((s, i) => stageInput(s, i)),
      });
      result.created.push(`deal pipeline '${wanted.label}' with ${wanted.stages.length} stages`);
    }
    result.env.push(`${pipelineEnvName(wanted.pipeline)}=${pipeline.id}`);
    for (const stage of wanted.stages) {
      const id = pipeline.stages.find((s) => s.label === stage.label)?.id;
      if (id) result.env.push(`${stageEnvName(stage.label)}=${id}`);
    }
  }
}

/** Sets the portal up; a token without the scopes the setup needs changes nothing. */
export async function setUpPortal(client: Client, token: string): Promise<SetupResult> {
  const result: SetupResult = { created: [], problems: [], env: [] };
  const missing = await missingScopes(client, token, setupScopes);
  if (missing.length > 0) {
    result.problems.push(...missing.map((s) => `HUBSPOT_ACCESS_TOKEN: the private app lacks the scope ${s}`));
    return result;
  }
  for (const object of objects) await setUpProperties(client, object, result);
  await setUpPipelines(client, result);
  return result;
}

/** The report the command prints: what was created (or that nothing was), what differs, the lines to paste. */
export function setupReport(result: SetupResult): string {
  const lines = [
    ...(result.created.length > 0
      ? ['Created:', ...result.created.map((l) => `  ${l}`)]
      : ['Nothing to change: every group, property, pipeline and stage is there.']),
    ...(result.problems.length > 0
      ? ['', 'Differs from what InterGen writes (left as it is; fix it in HubSpot):']
      : []),
    ...result.problems.map((l) => `  ${l}`),
    ...(result.env.length > 0 ? ['', 'Environment lines to paste (.env):', ...result.env] : []),
  ];
  return `${lines.join('\n')}\n`;
}
