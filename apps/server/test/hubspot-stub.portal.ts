import { crmPipelines } from '@intergen/domain';
import {
  portalGroup,
  portalPipelines,
  portalProperties,
  setupScopes,
} from '../src/modules/crm/hubspot-portal.ts';

/**
 * The HubSpot stub's portal: its property definitions (properties API v3), deal pipelines (pipelines API v3) and
 * the private app's scopes (`POST /oauth/v2/private-apps/get/access-token-info`), and the checks HubSpot makes
 * of every record write against them: a property that does not exist, a value not among an enumeration's
 * options, an unknown pipeline, a stage not in the deal's pipeline.
 *
 * Where the bodies come from: a refused property value is HubSpot's 400 `VALIDATION_ERROR` as recorded from real
 * portals (in public client code and logs): its message is `Property values were not valid: ` and the JSON list of
 * `{isValid, message, error, name, localizedErrorMessage, portalId}` (`PROPERTY_DOESNT_EXIST` "Property "x" does
 * not exist", `INVALID_OPTION` "… was not one of the allowed options: […]"), beside `errors: [{message, code,
 * context: {propertyName: [x]}}]` (recorded for PROPERTY_DOESNT_EXIST; given the same shape for INVALID_OPTION).
 * A second property of one name is 409 "Property named '…' already exists." (`OBJECT_ALREADY_EXISTS`); the token
 * info answers `{ userId, hubId, appId, scopes }`; the 404 texts of the properties and pipelines APIs are not
 * documented and are the stub's own.
 */

type ObjectType = 'contacts' | 'deals';

export interface StubPortalOptions {
  /**
   * `set-up` (default): as `npm run crm:setup` leaves it, with the pipeline and stage ids of crm.support.ts's
   * `hubspotEnv` (900100 on, pipeline then its stages). `fresh`: HubSpot's own properties and its default
   * "Sales Pipeline" only.
   */
  state?: 'set-up' | 'fresh';
  /** The private app's scopes (default: every scope `npm run crm:setup` needs). */
  scopes?: readonly string[];
}

/** What the portal reads of the stub: a record's stored properties, and who holds a unique value. */
export interface StubPortalDeps {
  iso(): string;
  correlationId(): string;
  record(
    type: ObjectType,
    id: string,
    idProperty: string | null,
  ): { id: string; properties: Map<string, string | null> } | undefined;
  /** True when a unique value of the write belongs to another record (the stub answers that conflict itself). */
  conflicts(type: ObjectType, properties: Record<string, unknown>, selfId: string | null): boolean;
}

export interface PortalReply {
  status: number;
  body: unknown;
}

interface Property {
  name: string;
  label: string;
  type: string;
  fieldType: string;
  groupName: string;
  options: { label: string; value: string; displayOrder: number; hidden: boolean }[];
  hasUniqueValue: boolean;
  hubspotDefined?: boolean;
  createdAt: string;
  updatedAt: string;
}

interface Stage {
  id: string;
  label: string;
  displayOrder: number;
  metadata: Record<string, string>;
  createdAt: string;
  updatedAt: string;
}

interface Pipeline {
  id: string;
  label: string;
  displayOrder: number;
  stages: Stage[];
  createdAt: string;
  updatedAt: string;
}

/** HubSpot's own properties of a new portal (the part our tests and gateway touch). */
const OWN_PROPERTIES: Record<ObjectType, [string, string, string][]> = {
  contacts: [
    ['email', 'string', 'text'],
    ['firstname', 'string', 'text'],
    ['lastname', 'string', 'text'],
    ['phone', 'string', 'phonenumber'],
    ['mobilephone', 'string', 'phonenumber'],
    ['website', 'string', 'text'],
    ['company', 'string', 'text'],
    ['jobtitle', 'string', 'text'],
    ['city', 'string', 'text'],
    ['country', 'string', 'text'],
    ['hubspot_owner_id', 'enumeration', 'select'],
    ['createdate', 'datetime', 'date'],
    ['lastmodifieddate', 'datetime', 'date'],
    ['hs_object_id', 'number', 'number'],
  ],
  deals: [
    ['dealname', 'string', 'text'],
    ['amount', 'number', 'number'],
    ['closedate', 'datetime', 'date'],
    ['pipeline', 'enumeration', 'select'],
    ['dealstage', 'enumeration', 'radio'],
    ['dealtype', 'enumeration', 'radio'],
    ['description', 'string', 'textarea'],
    ['closed_lost_reason', 'string', 'textarea'],
    ['closed_won_reason', 'string', 'textarea'],
    ['hubspot_owner_id', 'enumeration', 'select'],
    ['createdate', 'datetime', 'date'],
    ['lastmodifieddate', 'datetime', 'date'],
    ['hs_object_id', 'number', 'number'],
  ],
};
const OWN_GROUPS: Record<ObjectType, { name: string; label: string }> = {
  contacts: { name: 'contactinformation', label: 'Contact information' },
  deals: { name: 'dealinformation', label: 'Deal information' },
};
/** Enumerations whose options live elsewhere (pipelines, owners): checked apart, or not at all. */
const EXTERNAL_OPTIONS = new Set(['pipeline', 'dealstage', 'dealtype', 'hubspot_owner_id']);

/** HubSpot's default deal pipeline of every portal. */
const SALES_PIPELINE: [string, string, number][] = [
  ['appointmentscheduled', 'Appointment Scheduled', 0.2],
  ['qualifiedtobuy', 'Qualified To Buy', 0.4],
  ['presentationscheduled', 'Presentation Scheduled', 0.6],
  ['decisionmakerboughtin', 'Decision Maker Bought-In', 0.8],
  ['contractsent', 'Contract Sent', 0.9],
  ['closedwon', 'Closed Won', 1],
  ['closedlost', 'Closed Lost', 0],
];

/** The first id of the set-up portal's pipelines and stages (crm.support.ts's `hubspotEnv` counts from it). */
export const SET_UP_FIRST_ID = 900_100;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

class PortalError extends Error {
  constructor(
    readonly status: number,
    readonly category: string,
    message: string,
    /** More of HubSpot's body (`errors`). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const invalid = (message: string) => new PortalError(400, 'VALIDATION_ERROR', message);

interface PortalState {
  properties: Record<ObjectType, Map<string, Property>>;
  groups: Record<ObjectType, Map<string, { name: string; label: string; displayOrder: number }>>;
  pipelines: Map<string, Pipeline>;
  nextId: number;
}

function property(at: string, input: Record<string, unknown>, own = false): Property {
  const options = Array.isArray(input.options) ? input.options.filter(isObject) : [];
  return {
    name: String(input.name),
    label: String(input.label ?? input.name),
    type: String(input.type),
    fieldType: String(input.fieldType),
    groupName: String(input.groupName),
    options: options.map((o, i) => ({
      label: String(o.label ?? o.value),
      value: String(o.value),
      displayOrder: Number(o.displayOrder ?? i),
      hidden: o.hidden === true,
    })),
    hasUniqueValue: input.hasUniqueValue === true,
    ...(own ? { hubspotDefined: true } : {}),
    createdAt: at,
    updatedAt: at,
  };
}

function stage(at: string, id: string, input: Record<string, unknown>, index: number): Stage {
  const metadata = isObject(input.metadata) ? input.metadata : {};
  return {
    id,
    label: String(input.label),
    displayOrder: Number(input.displayOrder ?? index),
    metadata: Object.fromEntries(Object.entries(metadata).map(([k, v]) => [k, String(v)])),
    createdAt: at,
    updatedAt: at,
  };
}

/** A new portal: HubSpot's own groups, properties and Sales Pipeline; with `set-up`, ours as well. */
function newPortal(at: string, state: 'set-up' | 'fresh'): PortalState {
  const portal: PortalState = {
    properties: { contacts: new Map(), deals: new Map() },
    groups: { contacts: new Map(), deals: new Map() },
    pipelines: new Map(),
    nextId: 700_000,
  };
  for (const type of ['contacts', 'deals'] as const) {
    portal.groups[type].set(OWN_GROUPS[type].name, { ...OWN_GROUPS[type], displayOrder: 0 });
    for (const [name, kind, fieldType] of OWN_PROPERTIES[type]) {
      const input = { name, type: kind, fieldType, groupName: OWN_GROUPS[type].name };
      portal.properties[type].set(name, property(at, input, true));
    }
  }
  const sales = SALES_PIPELINE.map(([id, label, probability], i) =>
    stage(at, id, { label, metadata: { probability, isClosed: id.startsWith('closed') } }, i),
  );
  const salesPipeline = { id: 'default', label: 'Sales Pipeline', displayOrder: 0, stages: sales };
  portal.pipelines.set('default', { ...salesPipeline, createdAt: at, updatedAt: at });
  if (state === 'set-up') setUp(portal, at);
  return portal;
}

/** What `npm run crm:setup` creates, with the ids the tests' configuration names. */
function setUp(portal: PortalState, at: string) {
  let next = SET_UP_FIRST_ID;
  for (const type of ['contacts', 'deals'] as const) {
    portal.groups[type].set(portalGroup.name, { ...portalGroup, displayOrder: -1 });
    for (const p of portalProperties[type]) portal.properties[type].set(p.name, property(at, { ...p }));
  }
  for (const name of crmPipelines) {
    const wanted = portalPipelines.find((p) => p.pipeline === name)!;
    const id = String(next++);
    const stages = wanted.stages.map((s, i) =>
      stage(
        at,
        String(next++),
        { label: s.label, metadata: { probability: s.probability, isClosed: s.isClosed } },
        i,
      ),
    );
    portal.pipelines.set(id, {
      id,
      label: wanted.label,
      displayOrder: 1,
      stages,
      createdAt: at,
      updatedAt: at,
    });
  }
}

const propertyView = (p: Property) => ({
  ...p,
  description: '',
  displayOrder: -1,
  calculated: false,
  externalOptions: EXTERNAL_OPTIONS.has(p.name),
  hidden: false,
  formField: true,
  archived: false,
  modificationMetadata: {
    archivable: !p.hubspotDefined,
    readOnlyDefinition: !!p.hubspotDefined,
    readOnlyValue: false,
  },
});

const pipelineView = (p: Pipeline) => ({
  ...p,
  archived: false,
  stages: [...p.stages].sort((a, b) => a.displayOrder - b.displayOrder).map(stageView),
});
const stageView = (s: Stage) => ({ ...s, archived: false, writePermissions: 'CRUD_PERMITTED' });

/** Starts the portal of one stub; `handle` answers its routes and refuses bad record writes, else null. */
export function createStubPortal(options: StubPortalOptions | undefined, deps: StubPortalDeps) {
  const portal = newPortal(deps.iso(), options?.state ?? 'set-up');
  const scopes = [...(options?.scopes ?? setupScopes)];

  const errorReply = (e: PortalError): PortalReply => ({
    status: e.status,
    body: {
      status: 'error',
      message: e.message,
      correlationId: deps.correlationId(),
      ...e.extra,
      category: e.category,
    },
  });

  function handle(method: string, path: string, query: URLSearchParams, body: unknown): PortalReply | null {
    try {
      return (
        tokenInfo(method, path, body) ??
        propertiesRoute(method, path, body) ??
        pipelinesRoute(method, path, body) ??
        recordWrite(method, path, query, body)
      );
    } catch (error) {
      if (error instanceof PortalError) return errorReply(error);
      throw error;
    }
  }

  function tokenInfo(method: string, path: string, body: unknown): PortalReply | null {
    if (method !== 'POST' || path !== '/oauth/v2/private-apps/get/access-token-info') return null;
    if (!isObject(body) || typeof body.tokenKey !== 'string') throw invalid('tokenKey is required.');
    return { status: 200, body: { userId: 1, hubId: PORTAL_ID, appId: 7654321, scopes } };
  }

  const propertiesRoute = propertiesRoutes(portal, deps);
  const pipelinesRoute = pipelineRoutes(portal, deps);
  const recordWrite = recordChecks(portal, deps);

  return { handle };
}

const segments = (path: string) => path.replace(/\/+$/, '').split('/').map(decodeURIComponent);
const objectType = (s: string | undefined): ObjectType | null =>
  s === 'contacts' || s === '0-1' ? 'contacts' : s === 'deals' || s === '0-3' ? 'deals' : null;

function groupsRoute(
  portal: PortalState,
  type: ObjectType,
  method: string,
  s: string[],
  body: unknown,
): PortalReply | null {
  const groups = portal.groups[type];
  if (s.length === 6 && method === 'GET')
    return { status: 200, body: { results: [...groups.values()].map((g) => ({ ...g, archived: false })) } };
  if (s.length === 6 && method === 'POST') {
    if (!isObject(body) || typeof body.name !== 'string') throw invalid('name is required.');
    if (groups.has(body.name))
      throw new PortalError(
        409,
        'OBJECT_ALREADY_EXISTS',
        `Property group named '${body.name}' already exists.`,
      );
    const group = {
      name: body.name,
      label: String(body.label ?? body.name),
      displayOrder: Number(body.displayOrder ?? -1),
    };
    groups.set(group.name, group);
    return { status: 201, body: { ...group, archived: false } };
  }
  if (s.length === 7 && method === 'GET') {
    const group = groups.get(s[6]!);
    if (!group) {
      throw new PortalError(404, 'OBJECT_NOT_FOUND', `Unable to find property group ${s[6]} for ${type}.`);
    }
    return { status: 200, body: { ...group, archived: false } };
  }
  return null;
}

/** `/crm/v3/properties/{objectType}[/groups][/{name}]`. */
function propertiesRoutes(portal: PortalState, deps: StubPortalDeps) {
  const notFound = (what: string) => new PortalError(404, 'OBJECT_NOT_FOUND', what);

  function createProperty(type: ObjectType, body: unknown): PortalReply {
    if (!isObject(body)) throw invalid('Invalid input JSON: expected a property.');
    for (const field of ['name', 'label', 'type', 'fieldType', 'groupName']) {
      if (typeof body[field] !== 'string' || body[field] === '') throw invalid(`${field} is required.`);
    }
    const name = String(body.name);
    if (portal.properties[type].has(name)) {
      throw new PortalError(409, 'OBJECT_ALREADY_EXISTS', `Property named '${name}' already exists.`);
    }
    if (!portal.groups[type].has(String(body.groupName))) {
      throw invalid(`Property group ${String(body.groupName)} does not exist.`);
    }
    if (body.type === 'enumeration' && !Array.isArray(body.options)) {
      throw invalid('An enumeration property needs options.');
    }
    const created = property(deps.iso(), body);
    portal.properties[type].set(name, created);
    return { status: 201, body: propertyView(created) };
  }

  function updateProperty(type: ObjectType, name: string, body: unknown): PortalReply {
    const existing = portal.properties[type].get(name);
    if (!existing) throw notFound(`Unable to find property ${name} for ${type}.`);
    if (!isObject(body)) throw invalid('Invalid input JSON: expected a property update.');
    // The unique flag and the name are set at creation only.
    const updated = property(deps.iso(), {
      ...existing,
      ...body,
      name,
      hasUniqueValue: existing.hasUniqueValue,
    });
    updated.createdAt = existing.createdAt;
    portal.properties[type].set(name, updated);
    return { status: 200, body: propertyView(updated) };
  }

  function route(method: string, path: string, body: unknown): PortalReply | null {
    const s = segments(path);
    if (s[1] !== 'crm' || s[2] !== 'v3' || s[3] !== 'properties') return null;
    const type = objectType(s[4]);
    if (!type) return null;
    if (s[5] === 'groups') return groupsRoute(portal, type, method, s, body);
    const properties = portal.properties[type];
    if (s.length === 5 && method === 'GET')
      return { status: 200, body: { results: [...properties.values()].map(propertyView) } };
    if (s.length === 5 && method === 'POST') return createProperty(type, body);
    if (s.length !== 6) return null;
    const name = s[5]!;
    if (method === 'PATCH') return updateProperty(type, name, body);
    const existing = properties.get(name);
    if (!existing) throw notFound(`Unable to find property ${name} for ${type}.`);
    if (method === 'GET') return { status: 200, body: propertyView(existing) };
    if (method === 'DELETE') {
      properties.delete(name);
      return { status: 204, body: null };
    }
    return null;
  }

  return route;
}

function stagesRoute(
  deps: StubPortalDeps,
  readStage: (input: unknown, index: number) => Stage,
  pipeline: Pipeline,
  method: string,
  s: string[],
  body: unknown,
): PortalReply | null {
  if (s.length === 7 && method === 'GET')
    return { status: 200, body: { results: pipelineView(pipeline).stages } };
  if (s.length === 7 && method === 'POST') {
    const created = readStage(body, pipeline.stages.length);
    pipeline.stages.push(created);
    return { status: 201, body: stageView(created) };
  }
  if (s.length !== 8) return null;
  const index = pipeline.stages.findIndex((x) => x.id === s[7]);
  if (index < 0) throw new PortalError(404, 'OBJECT_NOT_FOUND', `Unable to find stage ${s[7]}.`);
  const existing = pipeline.stages[index]!;
  if (method === 'GET') return { status: 200, body: stageView(existing) };
  if (method === 'DELETE') {
    pipeline.stages.splice(index, 1);
    return { status: 204, body: null };
  }
  if (method === 'PATCH' && isObject(body)) {
    const updated = stage(deps.iso(), existing.id, { ...existing, ...body }, index);
    updated.createdAt = existing.createdAt;
    pipeline.stages[index] = updated;
    return { status: 200, body: stageView(updated) };
  }
  return null;
}

/** `/crm/v3/pipelines/deals[/{pipelineId}[/stages[/{stageId}]]]`. */
function pipelineRoutes(portal: PortalState, deps: StubPortalDeps) {
  const notFound = (id: string) => new PortalError(404, 'OBJECT_NOT_FOUND', `Unable to find pipeline ${id}.`);
  const newId = () => String(portal.nextId++);

  function readStage(input: unknown, index: number): Stage {
    if (!isObject(input) || typeof input.label !== 'string' || typeof input.displayOrder !== 'number') {
      throw invalid('Each stage needs a label and a displayOrder.');
    }
    if (!isObject(input.metadata) || input.metadata.probability === undefined) {
      // Deal stages need a win probability (HubSpot's pipelines guide).
      throw invalid('A deal stage needs metadata.probability.');
    }
    return stage(deps.iso(), newId(), input, index);
  }

  function createPipeline(body: unknown): PortalReply {
    if (
      !isObject(body) ||
      typeof body.label !== 'string' ||
      !Array.isArray(body.stages) ||
      body.stages.length === 0
    ) {
      throw invalid('A pipeline needs a label, a displayOrder and at least one stage.');
    }
    if ([...portal.pipelines.values()].some((p) => p.label === body.label)) {
      throw new PortalError(409, 'CONFLICT', `A pipeline with label ${body.label} already exists.`);
    }
    const at = deps.iso();
    const pipeline: Pipeline = {
      id: newId(),
      label: body.label,
      displayOrder: Number(body.displayOrder ?? 0),
      stages: body.stages.map(readStage),
      createdAt: at,
      updatedAt: at,
    };
    portal.pipelines.set(pipeline.id, pipeline);
    return { status: 201, body: pipelineView(pipeline) };
  }

  function route(method: string, path: string, body: unknown): PortalReply | null {
    const s = segments(path);
    if (s[1] !== 'crm' || s[2] !== 'v3' || s[3] !== 'pipelines' || objectType(s[4]) !== 'deals') return null;
    if (s.length === 5 && method === 'GET')
      return { status: 200, body: { results: [...portal.pipelines.values()].map(pipelineView) } };
    if (s.length === 5 && method === 'POST') return createPipeline(body);
    const pipeline = portal.pipelines.get(s[5] ?? '');
    if (!pipeline) throw notFound(s[5] ?? '');
    if (s[6] === 'stages') return stagesRoute(deps, readStage, pipeline, method, s, body);
    if (s.length === 6 && method === 'GET') return { status: 200, body: pipelineView(pipeline) };
    if (s.length === 6 && method === 'PATCH' && isObject(body)) {
      if (typeof body.label === 'string') pipeline.label = body.label;
      if (typeof body.displayOrder === 'number') pipeline.displayOrder = body.displayOrder;
      return { status: 200, body: pipelineView(pipeline) };
    }
    return null;
  }

  return route;
}

interface Refusal {
  isValid: false;
  message: string;
  error: 'PROPERTY_DOESNT_EXIST' | 'INVALID_OPTION';
  name: string;
  localizedErrorMessage: string;
  portalId: number;
}

/** The stub portal's id, as HubSpot names it in refusals and the token info. */
const PORTAL_ID = 1234567;

const refusal = (error: Refusal['error'], name: string, message: string): Refusal => ({
  isValid: false,
  message,
  error,
  name,
  localizedErrorMessage: message,
  portalId: PORTAL_ID,
});

function optionRefusal(p: Property, value: string): Refusal | null {
  if (p.type !== 'enumeration' || EXTERNAL_OPTIONS.has(p.name)) return null;
  const allowed = p.options.map((o) => o.value);
  const values = p.fieldType === 'checkbox' ? value.split(';') : [value];
  const bad = values.find((v) => !allowed.includes(v));
  if (bad === undefined) return null;
  return refusal(
    'INVALID_OPTION',
    p.name,
    `${bad} was not one of the allowed options: [${allowed.join(', ')}]`,
  );
}

/** The pipeline and stage of a deal write: the pipeline given, else the deal's, else HubSpot's default. */
function pipelineRefusals(
  portal: PortalState,
  values: Record<string, unknown>,
  stored: Map<string, string | null> | undefined,
) {
  const refusals: Refusal[] = [];
  const given = values.pipeline == null || values.pipeline === '' ? null : String(values.pipeline);
  if (given !== null && !portal.pipelines.has(given)) {
    refusals.push(
      refusal(
        'INVALID_OPTION',
        'pipeline',
        `${given} was not one of the allowed options: [${[...portal.pipelines.keys()].join(', ')}]`,
      ),
    );
    return refusals;
  }
  const stageId = values.dealstage == null || values.dealstage === '' ? null : String(values.dealstage);
  if (stageId === null) return refusals;
  const pipeline = portal.pipelines.get(given ?? stored?.get('pipeline') ?? 'default');
  const stages = pipeline?.stages.map((s) => s.id) ?? [];
  if (!stages.includes(stageId)) {
    refusals.push(
      refusal(
        'INVALID_OPTION',
        'dealstage',
        `${stageId} was not one of the allowed options: [${stages.join(', ')}]`,
      ),
    );
  }
  return refusals;
}

/** `POST /crm/v3/objects/{type}` and `PATCH /crm/v3/objects/{type}/{id}`, checked against the portal. */
function recordChecks(portal: PortalState, deps: StubPortalDeps) {
  function refusals(
    type: ObjectType,
    values: Record<string, unknown>,
    selfId: string | null,
    stored?: Map<string, string | null>,
  ) {
    const found: Refusal[] = [];
    for (const [name, value] of Object.entries(values)) {
      const p = portal.properties[type].get(name);
      if (!p) found.push(refusal('PROPERTY_DOESNT_EXIST', name, `Property "${name}" does not exist`));
      else if (value !== null && value !== '') {
        const bad = optionRefusal(p, String(value));
        if (bad) found.push(bad);
      }
    }
    // A taken unique value is the stub's own answer (it comes first there).
    if (found.length === 0 && deps.conflicts(type, values, selfId)) return [];
    if (type === 'deals') found.push(...pipelineRefusals(portal, values, stored));
    return found;
  }

  return (method: string, path: string, query: URLSearchParams, body: unknown): PortalReply | null => {
    const s = segments(path);
    if (s[1] !== 'crm' || s[2] !== 'v3' || s[3] !== 'objects') return null;
    const type = objectType(s[4]);
    if (!type || !isObject(body) || !isObject(body.properties)) return null;
    let found: Refusal[] = [];
    if (s.length === 5 && method === 'POST') found = refusals(type, body.properties, null);
    else if (s.length === 6 && method === 'PATCH' && s[5] !== 'search') {
      const stored = deps.record(type, s[5]!, query.get('idProperty'));
      // An unknown record is the stub's 404, whatever its properties.
      if (!stored) return null;
      found = refusals(type, body.properties, stored.id, stored.properties);
    }
    if (found.length === 0) return null;
    throw new PortalError(
      400,
      'VALIDATION_ERROR',
      `Property values were not valid: ${JSON.stringify(found)}`,
      {
        errors: found.map((r) => ({
          message: r.message,
          code: r.error,
          context: { propertyName: [r.name] },
        })),
      },
    );
  };
}
