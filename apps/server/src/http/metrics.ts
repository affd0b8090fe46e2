import { timingSafeEqual } from 'node:crypto';
import { messages, operationsTexts } from '@intergen/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import {
  type CrmDeliveryOutcome,
  type HubSpotRatePolicy,
  hubspotRatePolicies,
} from '../modules/crm/index.ts';
import type { MailOutcome } from '../modules/mail/index.ts';
import { type OutboxOpenCounts, outboxOpenCounts } from '../outbox/admin.ts';

/** The route label of a request no route matched: a fixed value, so stray URLs add no series. */
export const UNMATCHED_ROUTE = 'unmatched';

/** What the metrics read when scraped; functions, since the worker and the hub are made after the metrics. */
export interface MetricsSources {
  database: Database;
  /** The topics the worker has handlers for: listed (as 0) even with no open rows. */
  outboxTopics: () => readonly string[];
  /** How many live streams this instance holds open. */
  liveStreams: () => number;
}

/** The process's metrics (CPU, memory, event loop, GC) on `registry`, once: registering them twice throws. */
function processMetricsOn(registry: Registry) {
  if (!registry.getSingleMetric('process_cpu_user_seconds_total'))
    collectDefaultMetrics({ register: registry });
}

/**
 * The app instance's metrics: a registry of its own (several apps in one process, as in the tests, never share
 * series) holding the process's default metrics and ours, all named `intergen_…`. Modules never see prom-client:
 * they get the plain callbacks below (`mailOutcome`, `crmDelivery`, `crmRateLimited`); what can be read when
 * scraped (the database pool, the outbox, live streams) is read then, by collect callbacks.
 */
export function createMetrics(sources: MetricsSources) {
  const { database } = sources;
  const registry = new Registry();
  processMetricsOn(registry);
  const registers = [registry];

  const { httpRequests, httpDuration, httpErrors } = httpMetrics(registers);
  poolGauges(registers, database);
  outboxGauges(registers, database, sources.outboxTopics);
  const { mailSent, mailFailed, crmDeliveries, crmRateLimited } = deliveryCounters(registers);
  const queryDuration = new Histogram({
    name: 'intergen_db_query_duration_seconds',
    help: 'Time of one database statement, from the driver call to its answer.',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  new Gauge({
    name: 'intergen_live_streams_open',
    help: 'Live-update streams (Server-Sent Events) this instance holds open.',
    registers,
    collect() {
      this.set(sources.liveStreams());
    },
  });
  let timers = 0;
  let stopTiming: (() => void) | null = null;

  return {
    registry,
    /** Counts one answered request under its route pattern (never the raw URL). */
    observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number) {
      const labels = { method, route: route ?? UNMATCHED_ROUTE };
      httpRequests.inc({ ...labels, status_code: String(statusCode) });
      httpDuration.observe(labels, seconds);
      if (statusCode >= 500) httpErrors.inc(labels);
    },
    /**
     * Times every database statement from now on; the function returned stops it. Asked by two servers (the
     * worker's app and its metrics port), a statement is still timed once.
     */
    timeQueries(): () => void {
      if (timers++ === 0) stopTiming = database.observeQueries((seconds) => queryDuration.observe(seconds));
      let stopped = false;
      return () => {
        if (stopped) return;
        stopped = true;
        if (--timers === 0) stopTiming?.();
      };
    },
    /** Counts one try at sending an e-mail (the mail job's `onOutcome`). */
    mailOutcome(outcome: MailOutcome) {
      (outcome === 'sent' ? mailSent : mailFailed).inc();
    },
    /** Counts one run of a CRM delivery by its outcome (the CRM jobs' `onOutcome`). */
    crmDelivery(outcome: CrmDeliveryOutcome) {
      crmDeliveries.inc({ outcome });
    },
    /** Counts one 429 from HubSpot by the limit it names (the gateway's `onRateLimited`). */
    crmRateLimited(policy: HubSpotRatePolicy) {
      crmRateLimited.inc({ policy });
    },
  };
}

export type AppMetrics = ReturnType<typeof createMetrics>;

/** Who may read `/metrics`: open (development), only with the bearer token, or no one (the route is off). */
export interface MetricsAccess {
  /** Open without a token (development). */
  open: boolean;
  /** `METRICS_TOKEN`: when set, always required. */
  token: string | null;
}

/** The access the configuration gives, the same for the app's `/metrics` and the worker's. */
export function metricsAccess(config: { appEnv: string; metricsToken: string | null }): MetricsAccess {
  return { open: config.appEnv === 'development', token: config.metricsToken };
}

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function hasToken(request: FastifyRequest, token: Buffer): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  const given = Buffer.from(match?.[1] ?? '');
  return given.length === token.length && timingSafeEqual(given, token);
}

/**
 * `GET /metrics` in Prometheus' text format, and the hooks that feed it: every answered request (by route
 * pattern) and every database statement. With a token set it asks for it (401 otherwise, the app's error shape);
 * without one it is open in development and off elsewhere (404, and nothing is measured). Call it before the
 * routes are registered.
 */
export function registerMetrics(app: FastifyInstance, metrics: AppMetrics, access: MetricsAccess) {
  const token = access.token ? Buffer.from(access.token) : null;
  const enabled = access.open || token !== null;
  if (enabled) {
    app.addHook('onResponse', async (request, reply) => {
      metrics.observeRequest(
        request.method,
        request.routeOptions.url,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    });
    const stopTiming = metrics.timeQueries();
    app.addHook('onClose', async () => stopTiming());
  }
  app.get(
    '/metrics',
    // Scraped every few seconds: its answers are not worth a log line each.
    { schema: { hide: true }, logLevel: 'warn', config: { withoutSession: true } },
    async (request, reply) => {
      // Answered, not left to the not-found handler, which would send the web app's page.
      if (!enabled) throw new AppError('NOT_FOUND', messages.notFound);
      if (token && !hasToken(request, token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError('UNAUTHENTICATED', operationsTexts.metricsTokenRequired);
      }
      const body = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).send(body);
    },
  );
}

/** The HTTP series: requests, their duration and the 5xx answers, by route pattern. */
function httpMetrics(registers: Registry[]) {
  const httpRequests = new Counter({
    name: 'intergen_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: 'intergen_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const httpErrors = new Counter({
    name: 'intergen_http_server_errors_total',
    help: 'HTTP requests answered with a 5xx status, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    registers,
  });
  return { httpRequests, httpDuration, httpErrors };
}

/** The PostgreSQL pool's gauges (no samples on the embedded database, which has no pool). */
function poolGauges(registers: Registry[], database: Database) {
  const poolGauge = (
    name: string,
    help: string,
    read: (s: { total: number; idle: number; waiting: number }) => number,
  ) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        const stats = database.poolStats?.();
        if (stats) this.set(read(stats));
      },
    });
  poolGauge('intergen_db_pool_connections', 'Connections the database pool holds open.', (s) => s.total);
  poolGauge('intergen_db_pool_idle_connections', 'Open connections of the pool not in use.', (s) => s.idle);
  poolGauge(
    'intergen_db_pool_waiting_requests',
    'Queries waiting for a connection of the pool.',
    (s) => s.waiting,
  );
}

/** The outbox gauges, by topic, collected together on a scrape: they share one statement. */
function outboxGauges(registers: Registry[], database: Database, topics: () => readonly string[]) {
  let reading: Promise<OutboxOpenCounts[] | null> | null = null;
  const openCounts = () => {
    reading ??= outboxOpenCounts(database.db)
      .catch(() => null)
      .finally(() => {
        reading = null;
      });
    return reading;
  };
  const outboxGauge = (name: string, help: string, read: (row: OutboxOpenCounts) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['topic'] as const,
      registers,
      async collect() {
        const rows = await openCounts();
        this.reset();
        // Unreadable (the database is down): no samples, rather than a scrape that fails as a whole.
        if (!rows) return;
        const byTopic = new Map(rows.map((row) => [row.topic, row]));
        for (const topic of new Set([...topics(), ...byTopic.keys()])) {
          const row = byTopic.get(topic);
          this.set({ topic }, row ? read(row) : 0);
        }
      },
    });
  outboxGauge(
    'intergen_outbox_pending_rows',
    'Outbox rows waiting to run or running (due, retrying or running), by topic.',
    (row) => row.due + row.running + row.retrying,
  );
  outboxGauge(
    'intergen_outbox_lag_seconds',
    'How long the oldest due outbox row has waited, by topic (0 when none is due).',
    (row) => (row.oldestDueAgeMs ?? 0) / 1000,
  );
  outboxGauge(
    'intergen_outbox_dead_rows',
    'Outbox rows parked as dead after their last attempt, by topic.',
    (row) => row.dead,
  );
}

/** The counters of what the jobs deliver: e-mails, CRM runs and HubSpot's 429s. */
function deliveryCounters(registers: Registry[]) {
  const mailSent = new Counter({
    name: 'intergen_mail_sent_total',
    help: 'E-mails handed to the transport (SMTP or the embedded mailbox).',
    registers,
  });
  const mailFailed = new Counter({
    name: 'intergen_mail_failed_total',
    help: 'Tries at sending an e-mail that failed (each is retried by the outbox, or parked as dead).',
    registers,
  });
  const crmDeliveries = new Counter({
    name: 'intergen_crm_deliveries_total',
    help: 'Runs of CRM mirror deliveries, by outcome: delivered, rate_limited (told to wait), failed.',
    labelNames: ['outcome'] as const,
    registers,
  });
  const crmRateLimited = new Counter({
    name: 'intergen_crm_rate_limited_total',
    help: 'HubSpot answers with status 429 (too many requests), by the limit named: TEN_SECONDLY_ROLLING, DAILY, SECONDLY.',
    labelNames: ['policy'] as const,
    registers,
  });
  // Every policy shows from the start at 0, so an alert's rate() has a series before the first 429.
  for (const policy of hubspotRatePolicies) crmRateLimited.inc({ policy }, 0);
  return { mailSent, mailFailed, crmDeliveries, crmRateLimited };
}
