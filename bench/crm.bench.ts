/**
 * The CRM mirror end to end: 10,000 domain events (connection and My Network transitions) published with
 * `createEventPublisher` into the outbox, delivered by a real outbox worker with the CRM's handlers and the
 * HubSpot gateway to the HubSpot stub (apps/server/test/hubspot-stub.ts) ENFORCING HubSpot's ten-second limit
 * (100 requests per rolling 10 s; BENCH_CRM_LIMIT=190 for the raised one), side by side: the CRM's batch
 * handlers (batch reads, creates and updates) and today's path without them (one job, one or two calls at a
 * time), both paced by the gateway: deliveries per second, the lag of each delivery (outbox `processed_at` −
 * `created_at`), HTTP requests per delivery, 429s received, memory. At the end of each run every deal must be in
 * its final stage, with one deal per pair and one contact per member: if not, the benchmark says what is wrong
 * and exits non-zero.
 *
 * `npm run bench -- crm` (or `node --import tsx bench/crm.bench.ts`). Options: `--quick` (1,000 events; or
 * BENCH_CRM_EVENTS=n), `--all-at-once` (commit every event first, then deliver; by default batches are committed
 * while the worker delivers), `--no-single` (skip today's path: at 100 requests per 10 s it takes about 40 minutes
 * for 10,000 events), BENCH_CRM_CLAIM=n (rows a worker claims at once, default the production 20),
 * BENCH_CRM_503=1 adds a batched run failing 30 % of calls with 503, BENCH_CRM_429=rate one failing that share
 * with 429 (Retry-After 1 s). PGlite in memory by default; BENCH_DATABASE_URL names a PostgreSQL server instead
 * (a database is created and dropped per run). How the numbers are taken: docs/benchmarks.md.
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import {
  type CrmPipeline,
  type DealLostReason,
  dealStages,
  generateCompanies,
  generateExperts,
  type NetworkLostReason,
  networkLostReasons,
  networkStages,
  seededRandom,
} from '@intergen/domain';
import pg from 'pg';
import type { HubSpotSettings } from '../apps/server/src/config.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import {
  hubspotGateway,
  hubspotIds,
  quickRetryDelaysMs,
} from '../apps/server/src/modules/crm/hubspot.gateway.ts';
import {
  createCrmService,
  crmBatchHandlers,
  crmEventTopic,
  crmJobHandlers,
} from '../apps/server/src/modules/crm/index.ts';
import {
  createEventPublisher,
  type DomainEvent,
  domainEventTypes,
  type EventSubscriptions,
} from '../apps/server/src/modules/events/events.ts';
import {
  createOutboxWorker,
  type OutboxBatchHandler,
  type OutboxHandler,
} from '../apps/server/src/outbox/outbox.ts';
import { hubspotEnv, hubspotSettingsOf, startCrmStub } from '../apps/server/test/crm.support.ts';
import type { HubSpotStub, HubSpotStubFaults } from '../apps/server/test/hubspot-stub.ts';
import { seedData, seedProfiles } from './profiles.ts';
import { createReport, int, median, percentile } from './report.ts';

// Size and options

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const allAtOnce = args.includes('--all-at-once');
const EVENTS = Number(process.env.BENCH_CRM_EVENTS ?? (quick ? 1_000 : 10_000));
/** 92 % of the events are expert–venture connection steps (4 per pair), the rest My Network steps (2 per pair). */
const CONNECTION_PAIRS = Math.round((EVENTS * 0.92) / 4);
const NETWORK_PAIRS = Math.floor((EVENTS - 4 * CONNECTION_PAIRS) / 2);
const TOTAL_EVENTS = 4 * CONNECTION_PAIRS + 2 * NETWORK_PAIRS;
/** Experts and companies each: every one is in about ten pairs. */
const MEMBERS = Math.max(20, Math.min(250, Math.ceil(CONNECTION_PAIRS / 9.2)));
/** Events per publishing transaction. */
const BATCH = 100;
const APP_URL = 'http://bench.intergen.test';
const adminUrl = process.env.BENCH_DATABASE_URL ?? null;
/** HubSpot's ten-second limit the stub enforces and the gateway paces under. */
const LIMIT = Number(process.env.BENCH_CRM_LIMIT ?? 100);
/** Rows one claim takes (the outbox worker's `batchSize`; production: 20). */
const CLAIM = Number(process.env.BENCH_CRM_CLAIM ?? 20);

if (!Number.isInteger(EVENTS) || EVENTS < 100) throw new Error('BENCH_CRM_EVENTS must be an integer ≥ 100');

interface Scenario {
  label: string;
  faults: HubSpotStubFaults | null;
  /** Through the CRM's batch handlers; false: today's path, one job at a time. */
  batched: boolean;
}
const scenarios: Scenario[] = [{ label: 'batches', faults: null, batched: true }];
if (!args.includes('--no-single')) scenarios.push({ label: 'one by one', faults: null, batched: false });
if (process.env.BENCH_CRM_503) {
  scenarios.push({ label: 'batches, 30 % 503', faults: { rate: 0.3, status: 503, seed: 30 }, batched: true });
}
if (process.env.BENCH_CRM_429) {
  const rate = Number(process.env.BENCH_CRM_429);
  scenarios.push({
    label: `batches, ${+(rate * 100).toFixed(2)} % 429`,
    faults: { rate, status: 429, retryAfterSeconds: 1, seed: 429 },
    batched: true,
  });
}

// Helpers

const ms = (n: number) => (n >= 10_000 ? `${(n / 1000).toFixed(1)} s` : `${n.toFixed(n < 10 ? 2 : 0)} ms`);
const COLUMN = 14;
const { row, summary } = createReport({ label: 42, value: COLUMN * scenarios.length });
const columns = (values: string[]) => values.map((v) => v.padStart(COLUMN)).join('');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Random-looking ids like the app's UUIDs, but the same on every run. */
function idMaker(seed: number) {
  const random = seededRandom(seed);
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join('');
  return () => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
}

// Members: published experts and companies, inserted as the other benchmarks do (bench/profiles.ts)

const newId = idMaker(7);
const experts = seedData('e', generateExperts(MEMBERS, 21), 31);
const companies = seedData('c', generateCompanies(MEMBERS, 22), 32);

// The pairs, their events and the deal each must end with

interface Pair {
  key: string;
  pipeline: CrmPipeline;
  members: [string, string];
  events: DomainEvent[];
  stage: string;
  lostReason: DealLostReason | NetworkLostReason | null;
  /** Deal properties that must hold at the end (the survey's ratings). */
  properties: Record<string, string>;
}

/**
 * Connection pair `i`: expert `i mod n`, company `(i + ⌊i / n⌋) mod n` (every pair different), taking one of five
 * four-step paths through the deal stages (spec 000 §4), so the runs end in four different stages.
 */
function connectionPair(i: number, random: () => number): Pair {
  const expertId = experts.ids[i % MEMBERS]!;
  const companyId = companies.ids[(i + Math.floor(i / MEMBERS)) % MEMBERS]!;
  const requestId = newId();
  const dealId = newId();
  const score = 60 + Math.floor(random() * 40);
  const deal = (requestedBy: 'expert' | 'venture', by: string, isPending = false) => ({
    requestId,
    suggestionId: requestId,
    expertId,
    companyId,
    dealId,
    requestedBy,
    senderId: requestedBy === 'expert' ? expertId : companyId,
    recipientId: requestedBy === 'expert' ? companyId : expertId,
    by,
    isPending,
  });
  const requested = (by: 'expert' | 'venture', isPending = false): DomainEvent => ({
    type: 'connection.requested',
    userId: by === 'expert' ? expertId : companyId,
    payload: { ...deal(by, by === 'expert' ? expertId : companyId, isPending), message: 'Hello', score },
  });
  const step = (
    type: 'connection.accepted' | 'connection.cancelled' | 'connection.dismissed',
    requestedBy: 'expert' | 'venture',
    by: string,
    extra: Record<string, unknown> = {},
  ) => ({ type, userId: by, payload: { ...deal(requestedBy, by), ...extra } }) as DomainEvent;
  const closed = (requestedBy: 'expert' | 'venture', by: string, surveyed: boolean): DomainEvent => ({
    type: 'connection.closed',
    userId: by,
    payload: {
      ...deal(requestedBy, by),
      side: by === expertId ? 'expert' : 'company',
      connectionClosed: true,
      surveyed,
    },
  });
  const survey = (requestedBy: 'expert' | 'venture', by: string, rating: number): DomainEvent => ({
    type: 'survey.submitted',
    userId: by,
    payload: {
      ...deal(requestedBy, by),
      rating,
      ratedId: by === expertId ? companyId : expertId,
      ratedKind: by === expertId ? 'company' : 'expert',
    },
  });
  const pair = (events: DomainEvent[], stage: string, lostReason: DealLostReason | null = null) => ({
    key: requestId,
    pipeline: 'connection' as const,
    members: [expertId, companyId] as [string, string],
    events,
    stage,
    lostReason,
    properties: {} as Record<string, string>,
  });
  switch (i % 5) {
    case 0: // the venture asks, the expert accepts, the venture closes, then rates the expert
      return {
        ...pair(
          [
            requested('venture'),
            step('connection.accepted', 'venture', expertId),
            closed('venture', companyId, false),
            survey('venture', companyId, 4),
          ],
          dealStages.surveySent,
        ),
        properties: { rating: '4', expert_rating: '4' },
      };
    case 1: // the expert asks, the venture accepts, the expert rates the venture, then closes
      return {
        ...pair(
          [
            requested('expert'),
            step('connection.accepted', 'expert', companyId),
            survey('expert', expertId, 5),
            closed('expert', expertId, true),
          ],
          dealStages.surveySent,
        ),
        properties: { rating: '5', venture_rating: '5' },
      };
    case 2: // the venture asks, takes it back, asks again, and the expert accepts
      return pair(
        [
          requested('venture'),
          step('connection.cancelled', 'venture', companyId, {
            lostReason: 'venture_cancelled_request_to_expert',
          }),
          requested('venture'),
          step('connection.accepted', 'venture', expertId),
        ],
        dealStages.complete,
      );
    case 3: // an expert awaiting approval asks (held), is approved (released), accepted, closed
      return pair(
        [
          requested('expert', true),
          { ...requested('expert'), type: 'connection.released' } as DomainEvent,
          step('connection.accepted', 'expert', companyId),
          closed('expert', companyId, false),
        ],
        dealStages.closed,
      );
    default: {
      // the venture asks twice, the expert dismisses twice
      const reason = 'expert_declined_request_from_venture' as const;
      return pair(
        [
          requested('venture'),
          step('connection.dismissed', 'venture', expertId, { lostReason: reason }),
          requested('venture'),
          step('connection.dismissed', 'venture', expertId, { lostReason: reason }),
        ],
        dealStages.abandoned,
        reason,
      );
    }
  }
}

/** My Network pair `j`: expert `j mod n` asks expert `j mod n + 1 + ⌊j / n⌋`, who accepts (even j) or declines. */
function networkPair(j: number): Pair {
  const a = j % MEMBERS;
  const b = (a + 1 + Math.floor(j / MEMBERS)) % MEMBERS;
  const [initiatorId, recipientId] = [experts.ids[a]!, experts.ids[b]!];
  const requestId = newId();
  const accepted = j % 2 === 0;
  const payload = (stage: string, lostReason: NetworkLostReason | null) => ({
    requestId,
    initiatorId,
    recipientId,
    initiatorName: experts.names[a]!,
    recipientName: experts.names[b]!,
    stage,
    lostReason,
    dealId: null,
  });
  const lostReason = accepted ? null : networkLostReasons.declined;
  const stage = accepted ? networkStages.accepted : networkStages.rejected;
  return {
    key: requestId,
    pipeline: 'network',
    members: [initiatorId, recipientId],
    events: [
      {
        type: 'network.requested',
        userId: initiatorId,
        payload: payload(networkStages.requested, null),
      } as DomainEvent,
      {
        type: accepted ? 'network.accepted' : 'network.declined',
        userId: recipientId,
        payload: payload(stage, lostReason),
      } as DomainEvent,
    ],
    stage,
    lostReason,
    properties: {},
  };
}

const random = seededRandom(31);
const pairs: Pair[] = [
  ...Array.from({ length: CONNECTION_PAIRS }, (_, i) => connectionPair(i, random)),
  ...Array.from({ length: NETWORK_PAIRS }, (_, j) => networkPair(j)),
];

/**
 * The order the events are published in: a seeded random interleaving of all pairs that keeps each pair's own
 * steps in order (as members act at their own pace), the same for every run.
 */
const schedule: DomainEvent[] = (() => {
  const slots = pairs.flatMap((p, i) => p.events.map(() => i));
  for (let i = slots.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [slots[i], slots[j]] = [slots[j]!, slots[i]!];
  }
  const next = pairs.map(() => 0);
  return slots.map((i) => pairs[i]!.events[next[i]!++]!);
})();

/** As app.ts subscribes the CRM: every connection, network and profile event, surveys, dismissed suggestions. */
const subscriptions: EventSubscriptions = Object.fromEntries(
  domainEventTypes
    .filter(
      (t) =>
        t.startsWith('connection.') ||
        t.startsWith('network.') ||
        t.startsWith('profile.') ||
        t === 'survey.submitted' ||
        t === 'suggestion.dismissed',
    )
    .map((t) => [t, [crmEventTopic]]),
);
const publishEvent = createEventPublisher(subscriptions);

// One run: fresh database, fresh stub, publish, deliver, verify

interface RunResult {
  scenario: Scenario;
  publishMs: number;
  wallMs: number;
  eventWallMs: number;
  eventRows: number;
  contactRows: number;
  lags: number[];
  retriedRows: number;
  maxAttempts: number;
  requests: number;
  byRoute: Record<string, number>;
  injectedFailures: number;
  failedAttempts: number;
  failuresByKind: Map<string, number>;
  handlerMs: number;
  quickRetrySleepMs: number;
  claimMs: number;
  busyMs: number;
  problems: Record<string, string[]>;
  rateLimited: number;
  peakRssMb: number;
  peakHeapMb: number;
}

async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  if (!adminUrl) {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  }
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  await admin.connect();
  const name = `intergen_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let database: Database | null = null;
  try {
    database = await openDatabase({ kind: 'postgres', url: url.toString() });
    return await work(database);
  } finally {
    await database?.close();
    if (process.env.BENCH_KEEP) console.log(`   kept database ${name}`);
    else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function run(scenario: Scenario): Promise<RunResult> {
  const stub = await startCrmStub();
  try {
    const settings = hubspotSettingsOf(hubspotEnv(stub));
    return await withDatabase((database) => runOn(scenario, database, stub, settings));
  } finally {
    await stub.close();
  }
}

async function runOn(
  scenario: Scenario,
  database: Database,
  stub: HubSpotStub,
  settings: HubSpotSettings,
): Promise<RunResult> {
  await seedProfiles(database, experts, companies);
  if (scenario.faults) stub.fail(scenario.faults);
  stub.limit({ tenSecondly: LIMIT, daily: 1_000_000 });
  let peakRss = 0;
  let peakHeap = 0;
  const sampleMemory = () => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  const memoryTimer = setInterval(sampleMemory, 250);

  // The worker, as app.ts builds it, with a counting proxy of the gateway's quick-retry delays and timers around
  // the handlers and the claims.
  let quickRetrySleepMs = 0;
  const delays = new Proxy([...quickRetryDelaysMs], {
    get(target, prop, receiver) {
      if (typeof prop === 'string' && /^\d+$/.test(prop)) quickRetrySleepMs += target[Number(prop)] ?? 0;
      return Reflect.get(target, prop, receiver);
    },
  });
  const crm = createCrmService({
    database,
    appUrl: APP_URL,
    gateway: hubspotGateway({ ...settings, rateLimit: LIMIT }, { quickRetryDelaysMs: delays }),
  });
  const timed = <H extends (...a: never[]) => Promise<unknown>>(handler: H): H =>
    (async (...a: Parameters<H>) => {
      const start = performance.now();
      try {
        return await handler(...a);
      } finally {
        handlerMs += performance.now() - start;
      }
    }) as H;
  let handlerMs = 0;
  const handlers = Object.fromEntries(
    Object.entries(crmJobHandlers(crm)).map(([topic, handler]): [string, OutboxHandler] => [
      topic,
      timed(handler),
    ]),
  );
  const batchHandlers = scenario.batched
    ? Object.fromEntries(
        Object.entries(crmBatchHandlers(crm)).map(([topic, h]): [string, OutboxBatchHandler] => [
          topic,
          timed(h),
        ]),
      )
    : {};
  let claimMs = 0;
  const timedDatabase: Database = {
    ...database,
    async query(text, params) {
      const start = performance.now();
      try {
        return await database.query(text, params);
      } finally {
        if (text.includes('SET locked_until')) claimMs += performance.now() - start;
      }
    },
  };
  let failedAttempts = 0;
  const failuresByKind = new Map<string, number>();
  const deadMessages: string[] = [];
  const note = (obj: object) => {
    const err = String((obj as { err?: unknown }).err ?? '');
    const kind = err.replace(/\d+ ms/, 'N ms').replace(/: .*$/, '');
    failuresByKind.set(kind, (failuresByKind.get(kind) ?? 0) + 1);
    return err;
  };
  const worker = createOutboxWorker({
    database: timedDatabase,
    handlers,
    batchHandlers,
    batchSize: CLAIM,
    log: {
      info: () => {},
      warn: (obj) => {
        failedAttempts++;
        note(obj);
      },
      error: (obj, msg) => {
        failedAttempts++;
        deadMessages.push(`${msg}: ${note(obj)}`);
      },
    },
  });

  // Wakes the delivery loop when a batch commits (the app's `nudge()` after a commit).
  let wake: (() => void) | null = null;
  const nudge = () => {
    wake?.();
    wake = null;
  };
  const waitUpTo = (delay: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, delay);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  let published = false;
  const publish = async () => {
    for (let from = 0; from < schedule.length; from += BATCH) {
      await database.db.transaction(async (tx) => {
        for (const event of schedule.slice(from, from + BATCH)) await publishEvent(tx, event);
      });
      nudge();
      // Lets the worker's statements in between the batches (on PGlite a transaction holds the engine).
      await sleep(0);
    }
    published = true;
  };

  /** Drains; while rows are pending but not due, waits for the earliest `run_at` (or a commit), then again. */
  let busyMs = 0;
  const deliver = async () => {
    for (;;) {
      const start = performance.now();
      await worker.drain();
      busyMs += performance.now() - start;
      const [state] = await database.query<{ pending: number | string; wait_ms: number | string | null }>(
        `SELECT count(*) FILTER (WHERE status = 'pending') AS pending,
           extract(epoch FROM min(run_at) FILTER (WHERE status = 'pending') - clock_timestamp()) * 1000 AS wait_ms
         FROM outbox`,
      );
      const pending = Number(state!.pending);
      if (pending === 0 && published) return;
      const waitMs = state!.wait_ms === null ? 1000 : Math.max(1, Math.ceil(Number(state!.wait_ms)));
      await waitUpTo(pending === 0 ? 1000 : Math.min(waitMs, 1000));
    }
  };

  const start = Date.now();
  let publishMs: number;
  if (allAtOnce) {
    await publish();
    publishMs = Date.now() - start;
    await deliver();
  } else {
    const publishing = publish().then(() => {
      publishMs = Date.now() - start;
      nudge();
    });
    await Promise.all([publishing, deliver()]);
  }
  const wallMs = Date.now() - start;
  const deliveryStart = allAtOnce ? start + publishMs! : start;

  // What the outbox says

  const rows = await database.query<{ topic: string; status: string; n: number | string }>(
    'SELECT topic, status, count(*) AS n FROM outbox GROUP BY topic, status',
  );
  const count = (topic: string, status: string) =>
    Number(rows.find((r) => r.topic === topic && r.status === status)?.n ?? 0);
  const lagRows = await database.query<{ lag: number | string }>(
    `SELECT extract(epoch FROM processed_at - created_at) * 1000 AS lag FROM outbox
     WHERE topic = $1 AND status = 'done'`,
    [crmEventTopic.name],
  );
  const [timing] = await database.query<{
    last: number | string | null;
    retried: number | string;
    max_attempts: number | null;
  }>(
    `SELECT extract(epoch FROM max(processed_at)) * 1000 AS last,
       count(*) FILTER (WHERE attempts > 1) AS retried, max(attempts) AS max_attempts
     FROM outbox WHERE topic = $1`,
    [crmEventTopic.name],
  );
  const stats = stub.stats();
  clearInterval(memoryTimer);
  sampleMemory();
  const problems = verify(stub, settings, count, deadMessages);
  return {
    scenario,
    publishMs: publishMs!,
    wallMs: wallMs - (deliveryStart - start),
    eventWallMs: Number(timing!.last) - deliveryStart,
    eventRows: count(crmEventTopic.name, 'done'),
    contactRows: count('crm.contact', 'done'),
    lags: lagRows.map((r) => Number(r.lag)),
    retriedRows: Number(timing!.retried),
    maxAttempts: Number(timing!.max_attempts ?? 0),
    requests: stats.requests,
    byRoute: stats.byRoute,
    injectedFailures: stats.injectedFailures,
    failedAttempts,
    failuresByKind,
    handlerMs,
    quickRetrySleepMs,
    claimMs,
    busyMs,
    problems,
    rateLimited: Object.values(stats.rateLimited).reduce((a, b) => a + b, 0),
    peakRssMb: peakRss / 2 ** 20,
    peakHeapMb: peakHeap / 2 ** 20,
  };
}

/**
 * What must hold after every run, each as a list of what is wrong: one deal per pair (none lost, none doubled),
 * in its final stage (the stage id mapped back through the settings) with its lost reason, ratings and both
 * members as its contacts; one contact per member; every outbox row done.
 */
function verify(
  stub: HubSpotStub,
  settings: HubSpotSettings,
  count: (topic: string, status: string) => number,
  deadMessages: string[],
): Record<string, string[]> {
  const problems: Record<string, string[]> = {
    'deals lost': [],
    'deals duplicated': [],
    'deals in a wrong stage or state': [],
    'deals with wrong contacts': [],
    'contacts lost': [],
    'contacts duplicated': [],
    'outbox rows not done': [],
  };
  const stageName = new Map(Object.entries(settings.stageIds).map(([name, id]) => [id, name]));
  const contacts = stub.records('contacts');
  const memberOfContact = new Map(contacts.map((c) => [c.id, c.properties[hubspotIds.member] ?? '?']));
  const contactsByMember = new Map<string, number>();
  for (const c of contacts) {
    const member = c.properties[hubspotIds.member] ?? '(none)';
    contactsByMember.set(member, (contactsByMember.get(member) ?? 0) + 1);
  }
  const dealsByKey = new Map<string, ReturnType<HubSpotStub['records']>>();
  for (const d of stub.records('deals')) {
    const key = d.properties[hubspotIds.dealKey] ?? '(none)';
    dealsByKey.set(key, [...(dealsByKey.get(key) ?? []), d]);
  }
  const members = new Set<string>();
  for (const pair of pairs) {
    for (const m of pair.members) members.add(m);
    const found = dealsByKey.get(pair.key) ?? [];
    dealsByKey.delete(pair.key);
    if (found.length === 0) {
      problems['deals lost']!.push(pair.key);
      continue;
    }
    if (found.length > 1) problems['deals duplicated']!.push(`${pair.key} × ${found.length}`);
    const deal = found[0]!;
    const p = deal.properties;
    const stage = stageName.get(p.dealstage ?? '') ?? `unknown id ${p.dealstage}`;
    const wrong = [
      p.pipeline !== settings.pipelines[pair.pipeline] && `pipeline ${p.pipeline}`,
      stage !== pair.stage && `stage ${stage} (want ${pair.stage})`,
      (p.closed_lost_reason ?? null) !== pair.lostReason && `lost reason ${p.closed_lost_reason}`,
      ...Object.entries(pair.properties).map(([k, v]) => p[k] !== v && `${k} ${p[k]} (want ${v})`),
    ].filter(Boolean);
    if (wrong.length > 0)
      problems['deals in a wrong stage or state']!.push(`${pair.key}: ${wrong.join(', ')}`);
    const parties = deal.associations.map((id) => memberOfContact.get(id) ?? '?').sort();
    if (parties.join() !== [...pair.members].sort().join()) {
      problems['deals with wrong contacts']!.push(`${pair.key}: ${parties.join(' + ')}`);
    }
  }
  for (const [key, extra] of dealsByKey)
    problems['deals duplicated']!.push(`unplanned ${key} × ${extra.length}`);
  for (const member of members) {
    const n = contactsByMember.get(member) ?? 0;
    if (n === 0) problems['contacts lost']!.push(member);
    if (n > 1) problems['contacts duplicated']!.push(`${member} × ${n}`);
    contactsByMember.delete(member);
  }
  for (const [member, n] of contactsByMember)
    problems['contacts duplicated']!.push(`unplanned ${member} × ${n}`);
  for (const topic of [crmEventTopic.name, 'crm.contact']) {
    for (const status of ['pending', 'dead']) {
      const n = count(topic, status);
      if (n > 0) problems['outbox rows not done']!.push(`${n} ${topic} ${status}`);
    }
  }
  if (count(crmEventTopic.name, 'done') !== TOTAL_EVENTS) {
    problems['outbox rows not done']!.push(
      `${count(crmEventTopic.name, 'done')} of ${TOTAL_EVENTS} events done`,
    );
  }
  problems['outbox rows not done']!.push(...deadMessages.slice(0, 5));
  return problems;
}

// Run and report

console.log(
  `Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}, ` +
    `load average ${loadavg()[0]!.toFixed(2)}`,
);
console.log(
  `${int(TOTAL_EVENTS)} domain events: ${int(CONNECTION_PAIRS)} expert–venture pairs × 4 steps + ` +
    `${int(NETWORK_PAIRS)} My Network pairs × 2, between ${int(MEMBERS)} experts and ${int(MEMBERS)} companies; ` +
    `${adminUrl ? `PostgreSQL (${adminUrl.replace(/\/\/.*@/, '//')})` : 'PGlite in memory'}`,
);
console.log(
  allAtOnce
    ? `All events committed first (${int(TOTAL_EVENTS / BATCH)} transactions of ${BATCH}), then delivered; ` +
        'deliveries/s and wall time count from the end of publishing, lags from each commit.'
    : `Events committed in ${int(TOTAL_EVENTS / BATCH)} transactions of ${BATCH}, as fast as the database takes ` +
        'them, while one worker delivers (drain; when nothing is due, wait for the earliest run_at or a commit).',
);
console.log(
  `One outbox worker (claims ${CLAIM} rows), the HubSpot gateway paced under ${LIMIT} requests per 10 s to the ` +
    'stub on 127.0.0.1 enforcing that limit; a fresh database and stub per run.\n',
);

const results: RunResult[] = [];
for (const scenario of scenarios) {
  console.log(`   run: ${scenario.label} …`);
  results.push(await run(scenario));
}

const each = (f: (r: RunResult) => string) => columns(results.map(f));
const seconds = (n: number) => `${(n / 1000).toFixed(1)} s`;
console.log(`\n   ${'delivered'.padEnd(42)}${columns(results.map((r) => r.scenario.label))}`);
row(
  `publishing ${int(TOTAL_EVENTS)} events`,
  each((r) => seconds(r.publishMs)),
  undefined,
  `${BATCH} per transaction`,
);
row(
  'transitions delivered (crm.event rows)',
  each((r) => int(r.eventRows)),
);
row(
  'contact updates (crm.contact rows)',
  each((r) => int(r.contactRows)),
  undefined,
  '10 s after each create, by design',
);
row(
  'wall time to an empty outbox',
  each((r) => seconds(r.wallMs)),
);
row(
  'transitions delivered / s',
  each((r) => (r.eventRows / (r.eventWallMs / 1000)).toFixed(1)),
  undefined,
  'to the last crm.event row done',
);
row(
  'all deliveries / s',
  each((r) => ((r.eventRows + r.contactRows) / (r.wallMs / 1000)).toFixed(1)),
  undefined,
  'events + contact updates, to an empty outbox',
);
row(
  'lag p50',
  each((r) => ms(median(r.lags))),
  undefined,
  'processed_at − created_at, crm.event rows',
);
row(
  'lag p99',
  each((r) => ms(percentile(r.lags, 0.99))),
);
row(
  'lag worst',
  each((r) => ms(Math.max(...r.lags))),
);
row(
  'HTTP requests to the stub / delivery',
  each((r) => (r.requests / (r.eventRows + r.contactRows)).toFixed(2)),
  undefined,
  'all rows',
);
row(
  'HTTP requests to the stub',
  each((r) => int(r.requests)),
);
row(
  'injected failures',
  each((r) => int(r.injectedFailures)),
);
row(
  '429s received (HubSpot’s limit)',
  each((r) => int(r.rateLimited)),
  { text: '0', ok: results.every((r) => r.rateLimited === 0), name: '429s received' },
  `stub enforcing ${LIMIT} per rolling 10 s`,
);
row(
  'peak memory: RSS / heap used',
  each((r) => `${r.peakRssMb.toFixed(0)} / ${r.peakHeapMb.toFixed(0)} MB`),
  undefined,
  'the whole process (database included)',
);
row(
  'failed attempts (rows retried later)',
  each((r) => int(r.failedAttempts)),
);
row(
  'crm.event rows needing > 1 attempt',
  each((r) => int(r.retriedRows)),
);
row(
  'most attempts of one crm.event row',
  each((r) => int(r.maxAttempts)),
);
console.log('   where the delivery time went');
row(
  '  in handlers (HubSpot calls, CRM reads)',
  each((r) => seconds(r.handlerMs)),
);
row(
  '    of it asleep in quick retries',
  each((r) => seconds(r.quickRetrySleepMs)),
  undefined,
  `the gateway’s ${quickRetryDelaysMs.join(' ms / ')} ms`,
);
row(
  '  outbox claims',
  each((r) => seconds(r.claimMs)),
);
row(
  '  other outbox work (settle, bookkeeping)',
  each((r) => seconds(Math.max(0, r.busyMs - r.handlerMs - r.claimMs))),
);
row(
  '  waiting (nothing due)',
  each((r) => seconds(Math.max(0, r.wallMs - r.busyMs))),
  undefined,
  'backoff, or waiting for commits',
);
console.log('   requests by route');
const routes = [...new Set(results.flatMap((r) => Object.keys(r.byRoute)))].sort();
for (const route of routes)
  row(
    `  ${route.replace('/crm/v3/objects', '')}`,
    each((r) => int(r.byRoute[route] ?? 0)),
  );
const kinds = [...new Set(results.flatMap((r) => [...r.failuresByKind.keys()]))].sort();
if (kinds.length > 0) {
  console.log('   failed attempts by last error');
  for (const kind of kinds)
    row(
      `  ${kind.slice(0, 40)}`,
      each((r) => int(r.failuresByKind.get(kind) ?? 0)),
    );
}
console.log('   end state (stub records, outbox rows)');
const checks = Object.keys(results[0]!.problems);
for (const check of checks) {
  const counts = results.map((r) => r.problems[check]!.length);
  row(check, columns(counts.map(int)), {
    text: '0',
    ok: counts.every((n) => n === 0),
    name: check,
  });
}
const single = results.find((r) => !r.scenario.batched && !r.scenario.faults);
if (single) {
  const rate = (r: RunResult) => r.eventRows / (r.eventWallMs / 1000);
  console.log('');
  for (const other of results.filter((r) => r !== single)) {
    const times = rate(other) / rate(single);
    row(
      `transitions/s: ${other.scenario.label} ÷ one by one`,
      `${times.toFixed(1)} ×`,
      other.scenario.faults ? undefined : { text: '≥ 10 ×', ok: times >= 10, name: 'batching ≥ 10 ×' },
    );
  }
}
console.log('');
summary();

const wrong = results.flatMap((r) =>
  Object.entries(r.problems).flatMap(([check, list]) =>
    list.slice(0, 5).map((p) => `${r.scenario.label}: ${check}: ${p}`),
  ),
);
if (wrong.length > 0) {
  console.error(`\nThe CRM does not hold what was sent:\n${wrong.join('\n')}`);
  process.exit(1);
}
