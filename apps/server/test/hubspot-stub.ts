import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { seededRandom } from '@intergen/domain';
import { type BatchAction, type BatchOps, batchActions } from './hubspot-stub.batch.ts';
import {
  type HubSpotRatePolicy,
  type HubSpotStubLimits,
  rateLimitBody,
  type StubRateLimiter,
  stubRateLimiter,
} from './hubspot-stub.limits.ts';
import { createStubPortal, type StubPortalOptions } from './hubspot-stub.portal.ts';

/**
 * An in-memory HubSpot: the part of the CRM v3 (and one v4) REST API our gateway uses, answering with the
 * real API's status codes and JSON shapes so the official `@hubspot/api-client` parses its answers. Tests
 * point the client's `basePath` at `url` and steer faults through the control surface below.
 *
 * Lookups by id and by a unique property go through Maps; only searches that no index can answer scan.
 */

export type HubSpotObjectType = 'contacts' | 'deals';

export interface HubSpotStubRecord {
  id: string;
  /** As set through the API (system properties left out); a value cleared with `""` is null. */
  properties: Record<string, string | null>;
  /** Ids of the associated records of the other type, oldest first. */
  associations: string[];
}

export interface HubSpotStubFaults {
  /** Share of requests (after auth) failed on purpose, 0 to 1. */
  rate: number;
  status?: 429 | 500 | 502 | 503;
  /** The 429's Retry-After, in seconds (default 1; null: none, as HubSpot does not always send one). */
  retryAfterSeconds?: number | null;
  /** The limit a 429 names (default the ten-second one). */
  policy?: HubSpotRatePolicy;
  /** Seeds the PRNG deciding which requests fail, so a run repeats (default: a fixed seed). */
  seed?: number;
  /** Only requests whose "METHOD /path" (no query) matches may fail, e.g. /^PATCH /. */
  only?: RegExp;
}

export interface HubSpotStub {
  /** `http://127.0.0.1:<port>`, for the client's `basePath`. */
  url: string;
  accessToken: string;
  /**
   * Injected faults: each request (after auth) fails with probability `rate` before changing anything. 429
   * answers HubSpot's rate-limit body of `policy` (default TEN_SECONDLY_ROLLING), with `Retry-After` unless
   * `retryAfterSeconds` is null; 500/502/503 a generic error body.
   */
  fail(options: HubSpotStubFaults): void;
  /** HubSpot down: every request is answered 503 (`'error'`) or its socket destroyed unanswered (`'reset'`). */
  down(mode?: 'error' | 'reset'): void;
  /** Clears down() and fail(). */
  up(): void;
  /**
   * The next successful write (create, PATCH, association create) whose "METHOD /path" matches `only` is
   * applied and never answered, as if the worker died right after HubSpot stored it. Resolves once such a
   * write has been applied; releaseHeld() then destroys the held sockets.
   */
  holdNextWrite(only?: RegExp): Promise<void>;
  releaseHeld(): void;
  records(objectType: HubSpotObjectType): HubSpotStubRecord[];
  /** Records archived through `DELETE /crm/v3/objects/{type}/{id}` (HubSpot's recycling bin), oldest first. */
  archived(objectType: HubSpotObjectType): HubSpotStubRecord[];
  /**
   * Requests received, how many were failed on purpose (fail() and down()), requests per route, and the 429s
   * the enforced limits answered, by policy.
   */
  stats(): {
    requests: number;
    injectedFailures: number;
    byRoute: Record<string, number>;
    rateLimited: Record<HubSpotRatePolicy, number>;
  };
  /** Enforces HubSpot's limits from now on (hubspot-stub.limits.ts), or stops enforcing them (null). */
  limit(limits: HubSpotStubLimits | null): void;
  /** Forgets records (ids start over), faults, holds and stats. */
  reset(): void;
  close(): Promise<void>;
}

export interface HubSpotStubOptions {
  accessToken?: string;
  /** Properties whose values must be unique, per object type (replacing that type's default). */
  uniqueProperties?: Partial<Record<HubSpotObjectType, string[]>>;
  /** Delay before each answer, to make concurrency visible. */
  latencyMs?: number;
  /** The clock for createdAt/updatedAt (ms since the epoch); give a fixed one for repeatable bodies. */
  now?: () => number;
  /** HubSpot's request limits, enforced per token (hubspot-stub.limits.ts); unset: none. */
  limits?: HubSpotStubLimits;
  /** The portal's properties, pipelines and scopes (hubspot-stub.portal.ts); default: set up by crm:setup. */
  portal?: StubPortalOptions;
}

const DEFAULT_UNIQUE: Record<HubSpotObjectType, string[]> = {
  contacts: ['intergen_member_id'],
  deals: ['intergen_deal_key'],
};

/** What HubSpot returns when a read names no properties. */
const DEFAULT_PROPERTIES: Record<HubSpotObjectType, string[]> = {
  contacts: ['email', 'firstname', 'lastname'],
  deals: ['amount', 'closedate', 'dealname', 'dealstage', 'pipeline'],
};

/** Set by HubSpot on every record and returned with every read. */
const SYSTEM_PROPERTIES = ['hs_object_id', 'createdate', 'lastmodifieddate'];
const READ_ONLY_PROPERTIES = new Set(['hs_object_id', 'lastmodifieddate']);

const OTHER: Record<HubSpotObjectType, HubSpotObjectType> = { contacts: 'deals', deals: 'contacts' };
const SINGULAR: Record<HubSpotObjectType, string> = { contacts: 'contact', deals: 'deal' };
/** The one association kind we use, seen from each side. */
const ASSOCIATION: Record<HubSpotObjectType, { name: string; typeId: number }> = {
  deals: { name: 'deal_to_contact', typeId: 3 },
  contacts: { name: 'contact_to_deal', typeId: 4 },
};
/** HubSpot takes an object type by plural, singular or type id. */
const TYPE_NAMES = new Map<string, HubSpotObjectType>([
  ['contacts', 'contacts'],
  ['contact', 'contacts'],
  ['0-1', 'contacts'],
  ['deals', 'deals'],
  ['deal', 'deals'],
  ['0-3', 'deals'],
]);

const SEARCH_MAX_LIMIT = 200;
/** HubSpot refuses to page a search past its 10,000th result. */
const SEARCH_MAX_RESULTS = 10_000;
const SEARCH_OPERATORS = new Set(['EQ', 'NEQ', 'IN', 'HAS_PROPERTY', 'NOT_HAS_PROPERTY']);
const DEFAULT_SEED = 0x5eed;

interface StoredRecord {
  id: string;
  properties: Map<string, string | null>;
  createdAt: string;
  updatedAt: string;
  associations: Set<string>;
}

interface Store {
  type: HubSpotObjectType;
  records: Map<string, StoredRecord>;
  /** property → value → record id, for every unique property. */
  unique: Map<string, Map<string, string>>;
  /** Archived records: out of every read, lookup and association, as in HubSpot's recycling bin. */
  archived: StoredRecord[];
  /** A merged-away id → the id of the record the merge made (contacts only). */
  mergedInto: Map<string, string>;
}

interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** A failure answered in HubSpot's error shape. */
class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly category: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const notFound = () =>
  new ApiError(404, 'OBJECT_NOT_FOUND', 'Object not found.  objectId are usually numeric.');
const invalid = (message: string) => new ApiError(400, 'VALIDATION_ERROR', message);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A regex test that a global or sticky flag cannot make depend on the previous call. */
function matches(pattern: RegExp, subject: string): boolean {
  pattern.lastIndex = 0;
  return pattern.test(subject);
}

/** A query parameter given repeated (`a=1&a=2`, as the client sends it) or comma-separated. */
function listParam(params: URLSearchParams, name: string): string[] {
  return params
    .getAll(name)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/** A path segment decoded; a malformed escape stays as sent (and then names nothing). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Properties of a write: strings as sent, numbers and booleans as their text, `""` or null as cleared. */
function readProperties(value: unknown): Map<string, string | null> {
  if (!isObject(value)) {
    throw invalid('Invalid input JSON: "properties" must be an object of property values.');
  }
  const properties = new Map<string, string | null>();
  const readOnly: string[] = [];
  for (const [name, raw] of Object.entries(value)) {
    if (READ_ONLY_PROPERTIES.has(name)) readOnly.push(name);
    else if (raw === null || raw === '') properties.set(name, null);
    else if (typeof raw === 'string') properties.set(name, raw);
    else if (typeof raw === 'number' || typeof raw === 'boolean') properties.set(name, String(raw));
    else throw invalid(`Invalid input JSON: the value of property "${name}" must be a string.`);
  }
  if (readOnly.length > 0) {
    const details = readOnly.map((name) => ({
      isValid: false,
      message: `${name} is a read only property; its value cannot be set.`,
      error: 'READ_ONLY_VALUE',
      name,
    }));
    throw invalid(`Property values were not valid: ${JSON.stringify(details)}`);
  }
  return properties;
}

export async function startHubSpotStub(options: HubSpotStubOptions = {}): Promise<HubSpotStub> {
  const accessToken = options.accessToken ?? 'pat-stub-0000-0000-0000-000000000000';
  const latencyMs = options.latencyMs ?? 0;
  const now = options.now ?? Date.now;
  const uniqueProperties: Record<HubSpotObjectType, string[]> = {
    contacts: options.uniqueProperties?.contacts ?? DEFAULT_UNIQUE.contacts,
    deals: options.uniqueProperties?.deals ?? DEFAULT_UNIQUE.deals,
  };

  const newStore = (type: HubSpotObjectType): Store => ({
    type,
    records: new Map(),
    unique: new Map(uniqueProperties[type].map((p) => [p, new Map()])),
    archived: [],
    mergedInto: new Map(),
  });
  let stores: Record<HubSpotObjectType, Store> = { contacts: newStore('contacts'), deals: newStore('deals') };
  /** One sequence for both types, so a contact id never passes for a deal id by accident. */
  let lastId = 1000;
  let correlations = 0;

  let faults: (HubSpotStubFaults & { random: () => number }) | null = null;
  let downMode: 'error' | 'reset' | null = null;
  let holds: { only: RegExp | undefined; resolve: () => void }[] = [];
  const held = new Set<ServerResponse>();
  let requests = 0;
  let injectedFailures = 0;
  let byRoute = new Map<string, number>();
  let limiter: StubRateLimiter | null = options.limits ? stubRateLimiter(options.limits, now) : null;

  /** Deterministic, so two runs' bodies compare equal. */
  const correlationId = () => `00000000-0000-4000-8000-${(++correlations).toString(16).padStart(12, '0')}`;
  const iso = () => new Date(now()).toISOString();
  const portal = createStubPortal(options.portal, {
    iso,
    correlationId,
    record: (type, id, idProperty) => {
      const index = idProperty && idProperty !== 'hs_object_id' ? stores[type].unique.get(idProperty) : null;
      const record = stores[type].records.get(index === null ? id : (index?.get(id) ?? ''));
      return record && { id: record.id, properties: record.properties };
    },
    conflicts: (type, values, selfId) =>
      [...stores[type].unique].some(([name, index]) => {
        const holder = values[name] == null ? undefined : index.get(String(values[name]));
        return holder !== undefined && holder !== selfId;
      }),
  });

  function errorBody(error: ApiError) {
    return {
      status: 'error',
      message: error.message,
      correlationId: correlationId(),
      category: error.category,
      ...error.extra,
    };
  }

  function systemValue(record: StoredRecord, name: string): string | null | undefined {
    if (name === 'hs_object_id') return record.id;
    // HubSpot lets a write backdate createdate; otherwise it is the creation time.
    if (name === 'createdate') return record.properties.get(name) ?? record.createdAt;
    if (name === 'lastmodifieddate') return record.updatedAt;
    return undefined;
  }

  function propertyValue(record: StoredRecord, name: string): string | null {
    return systemValue(record, name) ?? record.properties.get(name) ?? null;
  }

  /** The record as the API shows it: the named properties (unset ones null) or, with 'all', every stored one. */
  function view(record: StoredRecord, names: string[] | 'all') {
    const properties: Record<string, string | null> = {};
    if (names === 'all') for (const [name, value] of record.properties) properties[name] = value;
    else for (const name of names) properties[name] = propertyValue(record, name);
    for (const name of SYSTEM_PROPERTIES) properties[name] = propertyValue(record, name);
    return {
      id: record.id,
      properties,
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
      archived: false,
    };
  }

  /** By id, or by a unique property's value with `idProperty`. */
  function find(store: Store, id: string, idProperty: string | null): StoredRecord {
    let recordId: string | undefined = id;
    if (idProperty !== null && idProperty !== 'hs_object_id') {
      const index = store.unique.get(idProperty);
      if (!index) {
        throw invalid(`Property "${idProperty}" is not a unique identifier property for ${store.type}.`);
      }
      recordId = index.get(id);
    }
    const record = recordId === undefined ? undefined : store.records.get(recordId);
    if (!record) throw notFound();
    return record;
  }

  /**
   * A unique value of `properties` that belongs to a record other than `selfId`, refused as HubSpot refuses it:
   * a contact's e-mail with 409 CONFLICT "Contact already exists. Existing ID: N" (the body HubSpot's v3 contacts
   * API answers, as quoted in HubSpot/hubspot-api-nodejs#545 and its community forum), a custom property made
   * unique (`hasUniqueValue`) with a 400 VALIDATION_ERROR whose detail says the value is taken ("… already has
   * that value", the words HubSpot's 400 uses for a duplicate of a unique property). The exact JSON of that
   * detail is not published; the stub gives it the shape of HubSpot's other "Property values were not valid" 400s.
   */
  function checkUnique(store: Store, properties: Map<string, string | null>, selfId: string | null) {
    for (const [name, index] of store.unique) {
      const value = properties.get(name);
      if (value == null) continue;
      const holder = index.get(value);
      if (holder === undefined || holder === selfId) continue;
      if (store.type === 'contacts' && name === 'email') {
        throw new ApiError(409, 'CONFLICT', `Contact already exists. Existing ID: ${holder}`);
      }
      const details = [
        {
          isValid: false,
          message: `${value} already has that value. Property ${name} must be unique (held by ${holder}).`,
          error: 'INVALID_UNIQUE_VALUE',
          name,
        },
      ];
      throw invalid(`Property values were not valid: ${JSON.stringify(details)}`);
    }
  }

  /** Stores the values, keeping the unique indexes in step (a cleared value frees its slot). */
  function write(store: Store, record: StoredRecord, properties: Map<string, string | null>) {
    for (const [name, value] of properties) {
      const index = store.unique.get(name);
      if (index) {
        const previous = record.properties.get(name);
        if (previous != null && index.get(previous) === record.id) index.delete(previous);
        if (value !== null) index.set(value, record.id);
      }
      record.properties.set(name, value);
    }
  }

  /** Associations are kept on both records, as HubSpot shows them from either side. */
  function associate(fromType: HubSpotObjectType, fromId: string, toId: string) {
    stores[fromType].records.get(fromId)?.associations.add(toId);
    stores[OTHER[fromType]].records.get(toId)?.associations.add(fromId);
  }

  /** The `associations` of a create: every target must exist and every type be the one we know. */
  function readCreateAssociations(type: HubSpotObjectType, value: unknown): string[] {
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) throw invalid('Invalid input JSON: "associations" must be an array.');
    const expected = ASSOCIATION[type];
    const targets: string[] = [];
    for (const association of value) {
      const to = isObject(association) && isObject(association.to) ? association.to.id : undefined;
      if (typeof to !== 'string' && typeof to !== 'number') {
        throw invalid('Invalid input JSON: each association needs "to": {"id": ...}.');
      }
      const types = isObject(association) ? association.types : undefined;
      if (!Array.isArray(types) || types.length === 0) {
        throw invalid('Invalid input JSON: each association needs at least one type.');
      }
      for (const spec of types) {
        if (
          !isObject(spec) ||
          spec.associationCategory !== 'HUBSPOT_DEFINED' ||
          Number(spec.associationTypeId) !== expected.typeId
        ) {
          throw invalid(
            `Association type ${JSON.stringify(spec)} is not valid from ${SINGULAR[type]}; ` +
              `expected {"associationCategory":"HUBSPOT_DEFINED","associationTypeId":${expected.typeId}}.`,
          );
        }
      }
      const id = String(to);
      if (!stores[OTHER[type]].records.has(id)) {
        throw invalid(`One or more associations are invalid: ${SINGULAR[OTHER[type]]} ${id} does not exist.`);
      }
      targets.push(id);
    }
    return targets;
  }

  function create(store: Store, body: unknown): Reply {
    if (!isObject(body)) throw invalid('Invalid input JSON: expected an object with "properties".');
    const properties = readProperties(body.properties);
    const targets = readCreateAssociations(store.type, body.associations);
    checkUnique(store, properties, null);
    const at = iso();
    const record: StoredRecord = {
      id: String(++lastId),
      properties: new Map(),
      createdAt: at,
      updatedAt: at,
      associations: new Set(),
    };
    store.records.set(record.id, record);
    write(store, record, properties);
    for (const target of targets) associate(store.type, record.id, target);
    return { status: 201, body: view(record, 'all') };
  }

  /**
   * `DELETE /crm/v3/objects/{type}/{id}`: moves the record to the recycling bin (204). HubSpot answers 204 for an
   * id it does not have as well. Its unique values are freed and its associations dropped.
   */
  function archive(store: Store, id: string): Reply {
    const record = store.records.get(id);
    if (record) {
      unlink(store, record);
      store.archived.push(record);
    }
    return { status: 204, body: null };
  }

  /** Takes a record out of the store: its unique values freed, its associations dropped on both sides. */
  function unlink(store: Store, record: StoredRecord) {
    store.records.delete(record.id);
    for (const [name, index] of store.unique) {
      const value = record.properties.get(name);
      if (value != null && index.get(value) === record.id) index.delete(value);
    }
    for (const other of record.associations)
      stores[OTHER[store.type]].records.get(other)?.associations.delete(record.id);
  }

  const idOf = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' ? String(value) : null;

  /**
   * `POST /crm/v3/objects/contacts/merge` `{ primaryObjectId, objectIdToMerge }` (200, the merged record). As HubSpot
   * documents it now: a new record with a new id is made; the primary's values win, the other's fill what the
   * primary lacks ("property values from both objects will still be merged onto the new object"); both records'
   * associations move to it; both old ids are merged away (reads of them answer the new record,
   * `hs_merged_object_ids` lists them).
   */
  function merge(store: Store, body: unknown): Reply {
    const primaryId = isObject(body) ? idOf(body.primaryObjectId) : null;
    const otherId = isObject(body) ? idOf(body.objectIdToMerge) : null;
    if (primaryId === null || otherId === null) {
      throw invalid('Invalid input JSON: "primaryObjectId" and "objectIdToMerge" are required.');
    }
    if (primaryId === otherId) throw invalid('A record cannot be merged with itself.');
    const primary = find(store, primaryId, null);
    const other = find(store, otherId, null);
    unlink(store, primary);
    unlink(store, other);
    const at = iso();
    const merged: StoredRecord = {
      id: String(++lastId),
      properties: new Map(),
      createdAt: at,
      updatedAt: at,
      associations: new Set(),
    };
    store.records.set(merged.id, merged);
    const values = new Map(other.properties);
    for (const [name, value] of primary.properties) if (value !== null) values.set(name, value);
    values.set('hs_merged_object_ids', `${primary.id};${other.id}`);
    write(store, merged, values);
    for (const target of [...primary.associations, ...other.associations])
      associate(store.type, merged.id, target);
    for (const [from, to] of store.mergedInto)
      if (to === primary.id || to === other.id) store.mergedInto.set(from, merged.id);
    store.mergedInto.set(primary.id, merged.id);
    store.mergedInto.set(other.id, merged.id);
    return { status: 200, body: view(merged, 'all') };
  }

  /**
   * `POST /crm/v3/objects/contacts/gdpr-delete` `{ objectId, idProperty? }` (204): the contact is deleted for good —
   * not in the recycling bin (archived()), no read or association finds it. HubSpot: "Permanently delete a contact
   * and all associated content to follow GDPR. … If email address is not found, the email address will be added
   * to a blocklist" (API reference); an id it does not have is answered 404 here.
   */
  function gdprDelete(store: Store, body: unknown): Reply {
    const objectId = isObject(body) ? idOf(body.objectId) : null;
    if (objectId === null) throw invalid('Invalid input JSON: "objectId" is required.');
    const idProperty = isObject(body) && typeof body.idProperty === 'string' ? body.idProperty : null;
    const byEmail = idProperty === 'email' && !store.unique.has('email');
    const record = byEmail
      ? [...store.records.values()].find((r) => r.properties.get('email') === objectId)
      : store.records.get(
          idProperty === null ? objectId : (store.unique.get(idProperty)?.get(objectId) ?? ''),
        );
    if (!record) {
      if (idProperty === 'email') return { status: 204, body: null };
      throw notFound();
    }
    unlink(store, record);
    return { status: 204, body: null };
  }

  function read(store: Store, id: string, query: URLSearchParams): Reply {
    // The gateway never reads the recycling bin: a read of archived records finds none here.
    if (query.get('archived') === 'true') throw notFound();
    // HubSpot: "both of the previous IDs will point to the resulting merged record, so fetching any records using
    // the original IDs will return the new merged record with the new ID" (developer changelog, "Updated merge
    // functionality for contacts and companies"). Only a read is documented to follow; a write (PATCH) to a
    // merged-away id is answered 404 here, as it was seen from the gateway against a portal.
    const idProperty = query.get('idProperty');
    const record = find(store, idProperty === null ? (store.mergedInto.get(id) ?? id) : id, idProperty);
    const names = listParam(query, 'properties');
    const body: ReturnType<typeof view> & { associations?: Record<string, unknown> } = view(
      record,
      names.length > 0 ? names : DEFAULT_PROPERTIES[store.type],
    );
    // HubSpot leaves out an association type with no associations rather than answering an empty list.
    const other = OTHER[store.type];
    const wanted = listParam(query, 'associations').some((name) => TYPE_NAMES.get(name) === other);
    if (wanted && record.associations.size > 0) {
      const type = ASSOCIATION[store.type].name;
      body.associations = { [other]: { results: [...record.associations].map((to) => ({ id: to, type })) } };
    }
    return { status: 200, body };
  }

  function update(store: Store, id: string, query: URLSearchParams, body: unknown): Reply {
    if (!isObject(body)) throw invalid('Invalid input JSON: expected an object with "properties".');
    const properties = readProperties(body.properties);
    const record = find(store, id, query.get('idProperty'));
    checkUnique(store, properties, record.id);
    write(store, record, properties);
    record.updatedAt = iso();
    return { status: 200, body: view(record, 'all') };
  }

  interface Filter {
    propertyName: string;
    operator: string;
    value: string | null;
    values: string[];
  }

  function readFilterGroups(value: unknown): Filter[][] {
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) throw invalid('Invalid input JSON: "filterGroups" must be an array.');
    const groups = value.map((group) => {
      const filters = isObject(group) ? group.filters : undefined;
      if (!Array.isArray(filters)) throw invalid('Invalid input JSON: each filter group needs "filters".');
      return filters.map((f): Filter => {
        if (!isObject(f) || typeof f.propertyName !== 'string' || typeof f.operator !== 'string') {
          throw invalid('Invalid input JSON: each filter needs "propertyName" and "operator".');
        }
        if (!SEARCH_OPERATORS.has(f.operator)) {
          throw invalid(`The stub does not support the filter operator ${f.operator}.`);
        }
        const single = f.value === undefined || f.value === null ? null : String(f.value);
        if ((f.operator === 'EQ' || f.operator === 'NEQ') && single === null) {
          throw invalid(`The ${f.operator} filter on ${f.propertyName} needs a value.`);
        }
        if (f.operator === 'IN' && !Array.isArray(f.values)) {
          throw invalid(`The IN filter on ${f.propertyName} needs values.`);
        }
        const values = Array.isArray(f.values) ? f.values.map(String) : [];
        return { propertyName: f.propertyName, operator: f.operator, value: single, values };
      });
    });
    const total = groups.reduce((n, g) => n + g.length, 0);
    if (groups.length > 5 || groups.some((g) => g.length > 6) || total > 18) {
      throw invalid('A search takes at most 5 filter groups of at most 6 filters, 18 filters in all.');
    }
    return groups;
  }

  function passes(record: StoredRecord, filter: Filter): boolean {
    const value = propertyValue(record, filter.propertyName);
    switch (filter.operator) {
      case 'EQ':
        return value !== null && value === filter.value;
      case 'NEQ':
        return value !== filter.value;
      case 'IN':
        return value !== null && filter.values.includes(value);
      case 'HAS_PROPERTY':
        return value !== null;
      default:
        return value === null;
    }
  }

  /** The records an EQ or IN filter on the id or a unique property names, or null when none does. */
  function indexed(store: Store, group: Filter[]): StoredRecord[] | null {
    for (const filter of group) {
      if (filter.operator !== 'EQ' && filter.operator !== 'IN') continue;
      const keys = filter.operator === 'EQ' ? [filter.value!] : filter.values;
      let ids: (string | undefined)[];
      if (filter.propertyName === 'hs_object_id') ids = keys;
      else {
        const index = store.unique.get(filter.propertyName);
        if (!index) continue;
        ids = keys.map((key) => index.get(key));
      }
      const found: StoredRecord[] = [];
      for (const id of ids) {
        const record = id === undefined ? undefined : store.records.get(id);
        if (record) found.push(record);
      }
      return found;
    }
    return null;
  }

  /** Groups OR'ed, filters AND'ed, in id order; one pass over all records only when some group has no index. */
  function matching(store: Store, groups: Filter[][]): StoredRecord[] {
    if (groups.length === 0) return [...store.records.values()];
    const byId = new Map<string, StoredRecord>();
    for (const group of groups) {
      const candidates = indexed(store, group);
      if (candidates === null) {
        return [...store.records.values()].filter((r) => groups.some((g) => g.every((f) => passes(r, f))));
      }
      for (const record of candidates) if (group.every((f) => passes(record, f))) byId.set(record.id, record);
    }
    return [...byId.values()].sort((a, b) => Number(a.id) - Number(b.id));
  }

  function readSorts(value: unknown): { propertyName: string; descending: boolean }[] {
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) throw invalid('Invalid input JSON: "sorts" must be an array.');
    if (value.length > 1) throw invalid('A search takes at most one sort.');
    return value.map((sort) => {
      if (typeof sort === 'string') {
        return { propertyName: sort.replace(/^-/, ''), descending: sort.startsWith('-') };
      }
      if (isObject(sort) && typeof sort.propertyName === 'string') {
        return { propertyName: sort.propertyName, descending: sort.direction === 'DESCENDING' };
      }
      throw invalid('Invalid input JSON: a sort is {"propertyName", "direction"}.');
    });
  }

  function compare(a: string | null, b: string | null): number {
    if (a === b) return 0;
    if (a === null) return 1;
    if (b === null) return -1;
    const numeric = Number(a) - Number(b);
    if (!Number.isNaN(numeric) && a.trim() !== '' && b.trim() !== '') return numeric;
    return a < b ? -1 : a > b ? 1 : 0;
  }

  function search(store: Store, body: unknown): Reply {
    const input = body === undefined ? {} : body;
    if (!isObject(input)) throw invalid('Invalid input JSON: expected a search request object.');
    if (input.query !== undefined && input.query !== '') {
      throw invalid('The stub does not support "query"; use filterGroups.');
    }
    const groups = readFilterGroups(input.filterGroups);
    const sorts = readSorts(input.sorts);
    const limit = input.limit ?? 10;
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0 || limit > SEARCH_MAX_LIMIT) {
      throw invalid(`limit must be an integer from 0 to ${SEARCH_MAX_LIMIT}.`);
    }
    const after = input.after ?? '0';
    if ((typeof after !== 'string' && typeof after !== 'number') || !/^\d+$/.test(String(after))) {
      throw invalid('after must be the string of a non-negative integer.');
    }
    const offset = Number(after);
    if (offset >= SEARCH_MAX_RESULTS) {
      throw invalid(`A search cannot page past ${SEARCH_MAX_RESULTS} results.`);
    }
    const names = Array.isArray(input.properties)
      ? input.properties.map(String)
      : DEFAULT_PROPERTIES[store.type];
    const found = matching(store, groups);
    for (const sort of sorts) {
      found.sort((a, b) => {
        const order = compare(propertyValue(a, sort.propertyName), propertyValue(b, sort.propertyName));
        return (sort.descending ? -order : order) || Number(a.id) - Number(b.id);
      });
    }
    const next = offset + limit;
    return {
      status: 200,
      body: {
        total: found.length,
        results: found.slice(offset, next).map((record) => view(record, names)),
        ...(next < found.length ? { paging: { next: { after: String(next) } } } : {}),
      },
    };
  }

  function createAssociations(fromType: HubSpotObjectType, toType: HubSpotObjectType, body: unknown): Reply {
    if (toType !== OTHER[fromType]) {
      throw invalid(`No association type exists from ${fromType} to ${toType}.`);
    }
    if (!isObject(body) || !Array.isArray(body.inputs)) {
      throw invalid('Invalid input JSON: expected "inputs".');
    }
    const type = ASSOCIATION[fromType].name;
    // Every input is checked before any is stored: a malformed batch changes nothing.
    const inputs = body.inputs.map((input) => {
      const from = isObject(input) && isObject(input.from) ? input.from.id : undefined;
      const to = isObject(input) && isObject(input.to) ? input.to.id : undefined;
      if (
        (typeof from !== 'string' && typeof from !== 'number') ||
        (typeof to !== 'string' && typeof to !== 'number')
      ) {
        throw invalid('Invalid input JSON: each input needs "from": {"id"} and "to": {"id"}.');
      }
      if (!isObject(input) || input.type !== type) {
        throw invalid(
          `Association type ${JSON.stringify(isObject(input) ? input.type : undefined)} is not valid here; use "${type}".`,
        );
      }
      return { from: String(from), to: String(to) };
    });
    const startedAt = iso();
    const results: { from: { id: string }; to: { id: string }; type: string }[] = [];
    const errors: Record<string, unknown>[] = [];
    for (const input of inputs) {
      const missing = [
        ...(stores[fromType].records.has(input.from) ? [] : [[fromType, input.from] as const]),
        ...(stores[toType].records.has(input.to) ? [] : [[toType, input.to] as const]),
      ];
      if (missing.length > 0) {
        errors.push({
          status: 'error',
          category: 'OBJECT_NOT_FOUND',
          message: missing.map(([t, id]) => `No ${SINGULAR[t]} with ID ${id} exists`).join('; '),
          context: { ids: missing.map(([, id]) => id) },
          errors: [],
          links: {},
        });
        continue;
      }
      associate(fromType, input.from, input.to);
      results.push({ from: { id: input.from }, to: { id: input.to }, type });
    }
    const completedAt = iso();
    if (errors.length === 0) {
      return { status: 201, body: { status: 'COMPLETE', results, startedAt, completedAt } };
    }
    return {
      status: 207,
      body: { status: 'COMPLETE', results, errors, numErrors: errors.length, startedAt, completedAt },
    };
  }

  function listAssociations(
    fromType: HubSpotObjectType,
    id: string,
    toType: HubSpotObjectType,
    query: URLSearchParams,
  ): Reply {
    const record = find(stores[fromType], id, null);
    const limit = Number(query.get('limit') ?? 500);
    const offset = Number(query.get('after') ?? 0);
    if (!Number.isInteger(limit) || limit < 1 || limit > 500 || !Number.isInteger(offset) || offset < 0) {
      throw invalid('limit must be from 1 to 500 and after a non-negative integer.');
    }
    const ids = toType === OTHER[fromType] ? [...record.associations] : [];
    const { typeId } = ASSOCIATION[fromType];
    const next = offset + limit;
    return {
      status: 200,
      body: {
        results: ids.slice(offset, next).map((to) => ({
          toObjectId: Number(to),
          associationTypes: [{ category: 'HUBSPOT_DEFINED', typeId, label: null }],
        })),
        ...(next < ids.length ? { paging: { next: { after: String(next) } } } : {}),
      },
    };
  }

  /** The single calls a batch runs each input through (hubspot-stub.batch.ts). */
  function batchOps(store: Store): BatchOps {
    return {
      read: (id, query) => read(store, id, query),
      create: (input) => create(store, input),
      update: (id, query, input) => update(store, id, query, input),
      asFailure: (error) =>
        error instanceof ApiError ? { status: error.status, body: errorBody(error) } : null,
      invalid,
      iso,
      singular: SINGULAR[store.type],
    };
  }

  interface Route {
    key: string;
    write: boolean;
    run(query: URLSearchParams, body: unknown): Reply;
  }

  /** The route a request names, or null; `key` names it in stats() with ids as {id}. */
  function route(method: string, path: string): Route | null {
    const s = path.replace(/\/+$/, '').split('/').map(decodeSegment);
    const typeAt = (i: number) => TYPE_NAMES.get(s[i] ?? '');
    if (s[1] !== 'crm') return null;
    if (s[2] === 'v3' && s[3] === 'objects') {
      const type = typeAt(4);
      if (!type) return null;
      const base = `/crm/v3/objects/${type}`;
      if (s.length === 5 && method === 'POST') {
        return { key: `POST ${base}`, write: true, run: (_q, body) => create(stores[type], body) };
      }
      const action = s[6] as BatchAction;
      if (s.length === 7 && s[5] === 'batch' && method === 'POST' && Object.hasOwn(batchActions, action)) {
        return {
          key: `POST ${base}/batch/${action}`,
          write: action !== 'read',
          run: (_q, body) => batchActions[action](batchOps(stores[type]), body),
        };
      }
      if (s.length !== 6) return null;
      const id = s[5]!;
      if (id === 'search' && method === 'POST') {
        return { key: `POST ${base}/search`, write: false, run: (_q, body) => search(stores[type], body) };
      }
      if (id === 'merge' && method === 'POST' && type === 'contacts') {
        return { key: `POST ${base}/merge`, write: true, run: (_q, body) => merge(stores[type], body) };
      }
      if (id === 'gdpr-delete' && method === 'POST' && type === 'contacts') {
        return {
          key: `POST ${base}/gdpr-delete`,
          write: true,
          run: (_q, body) => gdprDelete(stores[type], body),
        };
      }
      if (method === 'GET') {
        return { key: `GET ${base}/{id}`, write: false, run: (q) => read(stores[type], id, q) };
      }
      if (method === 'PATCH') {
        return {
          key: `PATCH ${base}/{id}`,
          write: true,
          run: (q, body) => update(stores[type], id, q, body),
        };
      }
      if (method === 'DELETE') {
        return { key: `DELETE ${base}/{id}`, write: true, run: () => archive(stores[type], id) };
      }
      return null;
    }
    if (s[2] === 'v3' && s[3] === 'associations' && s[6] === 'batch' && s[7] === 'create' && s.length === 8) {
      const from = typeAt(4);
      const to = typeAt(5);
      if (!from || !to || method !== 'POST') return null;
      return {
        key: `POST /crm/v3/associations/${from}/${to}/batch/create`,
        write: true,
        run: (_q, body) => createAssociations(from, to, body),
      };
    }
    if (s[2] === 'v4' && s[3] === 'objects' && s[6] === 'associations' && s.length === 8) {
      const from = typeAt(4);
      const to = typeAt(7);
      const id = s[5]!;
      if (!from || !to || method !== 'GET') return null;
      return {
        key: `GET /crm/v4/objects/${from}/{id}/associations/${to}`,
        write: false,
        run: (q) => listAssociations(from, id, to, q),
      };
    }
    return null;
  }

  function send(res: ServerResponse, reply: Reply) {
    if (res.destroyed) return;
    if (reply.status === 204) {
      res.writeHead(204, reply.headers ?? {});
      res.end();
      return;
    }
    const payload = JSON.stringify(reply.body);
    res.writeHead(reply.status, {
      'content-type': 'application/json;charset=utf-8',
      'content-length': Buffer.byteLength(payload),
      ...reply.headers,
    });
    res.end(payload);
  }

  function injected(
    status: number,
    retryAfterSeconds: number | null,
    policy: HubSpotRatePolicy = 'TEN_SECONDLY_ROLLING',
  ): Reply {
    if (status === 429) {
      return {
        status,
        headers: retryAfterSeconds === null ? {} : { 'retry-after': String(retryAfterSeconds) },
        body: rateLimitBody(policy, correlationId()),
      };
    }
    const messages: Record<number, string> = {
      500: 'internal error',
      502: 'Bad Gateway',
      503: 'Service Unavailable',
    };
    return { status, body: errorBody(new ApiError(status, 'INTERNAL_ERROR', messages[status] ?? 'error')) };
  }

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://stub');
    const target = `${method} ${url.pathname}`;
    const text = await readBody(req);
    const found = route(method, url.pathname);
    const key = found?.key ?? `${method} ${url.pathname.replace(/\/\d+(?=\/|$)/g, '/{id}')}`;
    requests += 1;
    byRoute.set(key, (byRoute.get(key) ?? 0) + 1);
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));

    if (downMode !== null) {
      injectedFailures += 1;
      if (downMode === 'reset') req.socket.destroy();
      else send(res, injected(503, 0));
      return;
    }
    if (req.headers.authorization !== `Bearer ${accessToken}`) {
      const error = new ApiError(401, 'INVALID_AUTHENTICATION', 'Authentication credentials not found.');
      return send(res, { status: 401, body: errorBody(error) });
    }
    if (faults && (!faults.only || matches(faults.only, target)) && faults.random() < faults.rate) {
      injectedFailures += 1;
      const retryAfter = faults.retryAfterSeconds === undefined ? 1 : faults.retryAfterSeconds;
      return send(res, injected(faults.status ?? 429, retryAfter, faults.policy));
    }
    // HubSpot's limits count every authenticated request; the 429 of one changes nothing.
    const admitted = limiter?.admit(accessToken, /\/search$/.test(url.pathname), correlationId);
    if (admitted?.reply) return send(res, admitted.reply);

    let reply: Reply;
    try {
      let body: unknown;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch (error) {
        throw invalid(`Invalid input JSON: ${(error as Error).message}`);
      }
      const answer =
        portal.handle(method, url.pathname, url.searchParams, body) ?? found?.run(url.searchParams, body);
      if (!answer) throw new ApiError(404, 'OBJECT_NOT_FOUND', `No route for ${target}.`);
      reply = answer;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      reply = { status: error.status, body: errorBody(error) };
    }
    if (admitted) reply = { ...reply, headers: { ...admitted.headers, ...reply.headers } };

    if (found?.write && reply.status < 300) {
      const hold = holds.find((h) => !h.only || matches(h.only, target));
      if (hold) {
        holds = holds.filter((h) => h !== hold);
        held.add(res);
        hold.resolve();
        return;
      }
    }
    send(res, reply);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // A bug of the stub: answer 500 with its message so the failing test shows it.
      send(res, {
        status: 500,
        body: { status: 'error', message: `stub: ${String(error)}`, category: 'STUB_BUG' },
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  function releaseHeld() {
    for (const res of held) res.socket?.destroy();
    held.clear();
  }

  return {
    url: `http://127.0.0.1:${port}`,
    accessToken,
    fail(options) {
      if (!(options.rate >= 0 && options.rate <= 1)) throw new RangeError('fail(): rate must be from 0 to 1');
      faults = { ...options, random: seededRandom(options.seed ?? DEFAULT_SEED) };
    },
    down(mode = 'error') {
      downMode = mode;
    },
    up() {
      downMode = null;
      faults = null;
    },
    holdNextWrite(only) {
      return new Promise<void>((resolve) => holds.push({ only, resolve }));
    },
    releaseHeld,
    records(objectType) {
      return [...stores[objectType].records.values()].map((r) => ({
        id: r.id,
        properties: Object.fromEntries(r.properties),
        associations: [...r.associations],
      }));
    },
    archived(objectType) {
      return stores[objectType].archived.map((r) => ({
        id: r.id,
        properties: Object.fromEntries(r.properties),
        associations: [...r.associations],
      }));
    },
    stats() {
      const rateLimited = limiter?.rejected() ?? { TEN_SECONDLY_ROLLING: 0, DAILY: 0, SECONDLY: 0 };
      return { requests, injectedFailures, byRoute: Object.fromEntries(byRoute), rateLimited };
    },
    limit(limits) {
      limiter = limits ? stubRateLimiter(limits, now) : null;
    },
    reset() {
      stores = { contacts: newStore('contacts'), deals: newStore('deals') };
      lastId = 1000;
      correlations = 0;
      faults = null;
      downMode = null;
      // An armed hold's promise stays pending: nothing will be held for it any more.
      holds = [];
      releaseHeld();
      requests = 0;
      injectedFailures = 0;
      byRoute = new Map();
      limiter?.reset();
    },
    async close() {
      releaseHeld();
      const closed = new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
      server.closeAllConnections();
      await closed;
    },
  };
}
