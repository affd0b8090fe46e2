import { CompanyProfileDataSchema, ExpertProfileDataSchema } from '@intergen/contracts';
import { sectionFields, sectionIds } from '@intergen/domain';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { notifications } from '../src/db/schema.ts';
import { member, pair, sent } from './connections.support.ts';
import { type Client, signInAdmin, signUpMember } from './factories.ts';
import {
  type GenContext,
  hostileBodyTexts,
  type JsonSchema,
  fromSchema as shaped,
  toJson,
  urlPiece,
} from './fuzz.support.ts';
import { type Engine, engines, ORIGIN } from './helpers.ts';
import { useTestApp } from './suite.ts';

/**
 * Schema-driven fuzzing of every JSON endpoint. The routes come from the running app's OpenAPI document; each
 * gets bodies, path parameters and query strings generated from its own schemas, with hostile values mixed in
 * (NUL, lone surrogates, integers past PostgreSQL's range, deep nesting, long strings, wrong types), sent as
 * every role. The properties: no answer is a server error, and an answer that refuses the request (4xx)
 * changed nothing in the database.
 *
 * Bounded: about FUZZ_RUNS requests per route (default 12) from a fixed seed (FUZZ_SEED, printed on failure).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_240_611);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

/**
 * The live stream never ends while its session lasts; live.events.test.ts covers it. Readiness takes no input and
 * answers 503 by design when the outbox waits (no worker runs here): operations.test.ts covers it.
 */
const SKIPPED = new Set(['GET /api/events', 'GET /api/ready']);

type Role = 'anonymous' | 'expert' | 'company' | 'draftCompany' | 'admin';
const roles: Role[] = ['anonymous', 'expert', 'company', 'draftCompany', 'admin'];

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
}

/**
 * Tables whose rows a refused request must leave alone. Sessions and verification codes are left out on
 * purpose: a session of a disabled account is deleted when it is presented (a 401), and a wrong code's try is
 * counted with its 400.
 */
const checkedTables = [
  'users',
  'experts',
  'companies',
  'contact_info',
  'auth_tokens',
  'outbox',
  'mailbox',
  'domain_events',
  'settings',
  'audit_log',
  'match_scores',
  'match_suggestions',
  'connection_requests',
  'notifications',
  'matching_runs',
  'tracking_events',
];
const fingerprintSql = `SELECT ${checkedTables
  .map((t) => `(SELECT coalesce(md5(string_agg(x::text, '|' ORDER BY x::text)), '') FROM ${t} x) AS ${t}`)
  .join(', ')}`;

/**
 * A wizard section's body is a plain record in the route's schema; generate the fields each role's sections
 * really take, so that values get past "not in this section" to the field checks and the database.
 */
const dataSchemas = { expert: ExpertProfileDataSchema, company: CompanyProfileDataSchema } as const;
const sectionBody = {
  anyOf: (['expert', 'company'] as const).flatMap((kind) =>
    sectionIds.map((section) => {
      const fields = sectionFields[kind][section] as readonly string[];
      const schema = dataSchemas[kind] as unknown as z.ZodObject<z.ZodRawShape>;
      const picked = schema.pick(Object.fromEntries(fields.map((f) => [f, true as const])));
      return z.toJSONSchema(picked.partial(), { io: 'input' });
    }),
  ),
} as JsonSchema;

interface Failure {
  route: string;
  role: Role;
  request: string;
  status: number;
  answer: string;
  problem: string;
}

describe.each(engines)('fuzzing every JSON endpoint on %s', (engine: Engine) => {
  let operations: Operation[];
  const clients = new Map<Role, Client | null>();
  const ctx: GenContext = { known: [] };

  async function freshClient(role: Role): Promise<Client | null> {
    switch (role) {
      case 'anonymous':
        return null;
      case 'admin':
        return (await signInAdmin(t)).client;
      case 'draftCompany':
        return (await signUpMember(t.app, 'company', 'Draft Company')).client;
      default:
        return (await member(t, role)).client;
    }
  }

  const t = useTestApp(engine);
  beforeAll(async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<
          string,
          { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema: JsonSchema }> } }
        >
      >;
    };
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: path.endsWith('/sections/{section}')
          ? sectionBody
          : (op.requestBody?.content?.['application/json']?.schema ?? null),
      })),
    );

    // A small world, so that generated ids sometimes name real records: a published expert and company with a
    // suggestion and a request between them (and its notification), a draft company and an admin.
    const admin = await signInAdmin(t);
    const p = await pair(t);
    await sent(p.company, p.suggestionId, 'Hello there');
    const draft = await signUpMember(t.app, 'company', 'Draft Company');
    clients.set('anonymous', null);
    clients.set('admin', admin.client);
    clients.set('expert', p.expert.client);
    clients.set('company', p.company.client);
    clients.set('draftCompany', draft.client);
    const notes = await t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, p.expert.id));
    ctx.known.push(
      p.expert.id,
      p.company.id,
      draft.id,
      admin.id,
      p.suggestionId,
      ...notes.map((n) => n.id),
      p.expert.email,
      p.company.email,
      'basics',
      'profile',
      'extras',
    );
  });

  async function fingerprint(): Promise<string> {
    const [row] = await t.database.query<Record<string, string>>(fingerprintSql);
    return JSON.stringify(row);
  }

  /** Which table a refused request changed, for the report. */
  function changedTables(before: string, after: string): string[] {
    const a = JSON.parse(before) as Record<string, string>;
    const b = JSON.parse(after) as Record<string, string>;
    return checkedTables.filter((table) => a[table] !== b[table]);
  }

  function requestArbitrary(op: Operation) {
    const pathParams = op.parameters.filter((p) => p.in === 'path');
    const queryParams = op.parameters.filter((p) => p.in === 'query');
    const path = fc
      .tuple(...pathParams.map((p) => shaped(p.schema, ctx).chain(urlPiece)))
      .map((values) => pathParams.reduce((url, p, i) => url.replace(`{${p.name}}`, values[i]!), op.path));
    const queryValue = (schema: JsonSchema) =>
      shaped(schema, ctx).chain((v) =>
        Array.isArray(v) && v.length > 0 ? fc.tuple(...v.map(urlPiece)) : urlPiece(v).map((s) => [s]),
      );
    const query = fc
      .tuple(
        fc.tuple(
          ...queryParams.map((p) =>
            p.required
              ? queryValue(p.schema).map((vs) => vs.map((v) => `${encodeURIComponent(p.name)}=${v}`))
              : fc.option(
                  queryValue(p.schema).map((vs) => vs.map((v) => `${encodeURIComponent(p.name)}=${v}`)),
                  { nil: [] as string[] },
                ),
          ),
        ),
        fc.option(
          fc.tuple(urlPiece('extra'), shaped(undefined, ctx).chain(urlPiece)).map(([k, v]) => [`${k}=${v}`]),
          { nil: [] as string[] },
        ),
      )
      .map(([known, extra]) => [...known.flat(), ...extra].join('&'));
    const hasBody = op.method === 'POST' || op.method === 'PUT';
    const body = hasBody
      ? fc.oneof(
          { weight: 8, arbitrary: shaped(op.body ?? undefined, ctx).map(toJson) },
          { weight: 1, arbitrary: fc.constantFrom(...hostileBodyTexts) },
        )
      : fc.constant(undefined);
    const contentType = fc.oneof(
      { weight: 12, arbitrary: fc.constant('application/json') },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json; charset=utf-16',
        ),
      },
    );
    return fc.record({ path, query, body, contentType });
  }

  /** Mostly the roles a route is for (admins for admin routes, members for the rest), sometimes anyone. */
  function roleFor(op: Operation): fc.Arbitrary<Role> {
    const forAdmins = op.path.startsWith('/api/admin/');
    return fc.oneof(
      ...roles.map((role) => ({
        weight: role === 'anonymous' ? 1 : forAdmins ? (role === 'admin' ? 8 : 1) : role === 'admin' ? 1 : 3,
        arbitrary: fc.constant(role),
      })),
    );
  }

  async function send(
    role: Role,
    method: string,
    url: string,
    body: string | undefined,
    contentType: string,
  ) {
    const c = clients.get(role) ?? null;
    const cookie = c ? [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '';
    const response = await t.app.inject({
      method: method as 'GET',
      url,
      headers: {
        ...ORIGIN,
        ...(cookie ? { cookie } : {}),
        ...(body !== undefined ? { 'content-type': contentType } : {}),
      },
      ...(body !== undefined ? { payload: body } : {}),
    });
    if (c) {
      for (const k of response.cookies) {
        if (k.value === '' || (k.maxAge !== undefined && k.maxAge <= 0)) c.cookies.delete(k.name);
        else c.cookies.set(k.name, k.value);
      }
    }
    return response;
  }

  /** Signs a role in again when the request ended its session (sign-out, disable, deactivation …). */
  async function keepSignedIn(role: Role): Promise<boolean> {
    const c = clients.get(role);
    if (!c) return false;
    const session = await send(role, 'GET', '/api/auth/session', undefined, '');
    if (session.statusCode === 200 && session.json().user) return false;
    clients.set(role, await freshClient(role));
    return true;
  }

  it('never answers 5xx, and a refused request changes nothing', { timeout: 900_000 }, async () => {
    const failures: Failure[] = [];
    let requests = 0;
    const statuses = new Map<number, number>();
    let before = await fingerprint();
    for (const [index, op] of operations.entries()) {
      const route = `${op.method} ${op.path}`;
      if (SKIPPED.has(route)) continue;
      // Routes that take input get more runs than those that take none; wizard saves the most.
      const takesInput = op.body !== null || op.parameters.length > 0;
      const runs = op.body === sectionBody ? RUNS * 4 : takesInput ? RUNS : Math.ceil(RUNS / 2);
      const details = await fc.check(
        fc.asyncProperty(roleFor(op), requestArbitrary(op), async (role, req) => {
          const url = req.query ? `${req.path}?${req.query}` : req.path;
          const response = await send(role, op.method, url, req.body, req.contentType);
          requests += 1;
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const after = await fingerprint();
          let problem: string | null = null;
          if (response.statusCode >= 500) problem = 'server error';
          else if (response.statusCode >= 400 && after !== before) {
            problem = `refused but changed ${changedTables(before, after).join(', ')}`;
          }
          before = (await keepSignedIn(role)) ? await fingerprint() : after;
          if (!problem) return;
          // Recorded rather than thrown, so one run reports every finding (and fast-check does not shrink
          // against a database whose state moved on); the seed reproduces the whole sequence.
          failures.push({
            route,
            role,
            request: `${op.method} ${url.slice(0, 300)}${req.body !== undefined ? ` ${req.body.slice(0, 300)}` : ''}`,
            status: response.statusCode,
            answer: response.body.slice(0, 300),
            problem,
          });
        }),
        { numRuns: runs, seed: SEED + index },
      );
      // The property itself threw: a broken harness, not a finding.
      if (details.failed) throw new Error(`${route}: ${fc.defaultReportMessage(details)}`);
    }
    if (process.env.FUZZ_VERBOSE) {
      console.info(`${requests} requests; answers: ${JSON.stringify(Object.fromEntries(statuses))}`);
    }
    expect(
      failures,
      `${failures.length} of ${requests} fuzzed requests failed (FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} reproduces)`,
    ).toEqual([]);
  });
});
