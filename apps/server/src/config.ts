import { existsSync } from 'node:fs';
import path from 'node:path';
import { type CrmPipeline, crmPipelines, pipelineStages } from '@intergen/domain';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

/** Every environment variable the app reads, with its default. `.env.example` lists the same. */
const EnvSchema = z.object({
  APP_ENV: z.enum(['production', 'staging', 'development']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The interface to listen on: this machine only by default; `0.0.0.0` in a container or behind a proxy. */
  HOST: z.string().default('127.0.0.1'),
  /** Public base URL used in e-mailed links and for the same-origin check. */
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL connection string; when unset the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z.string().optional(),
  /** SMTP connection string (smtp:// or smtps://); when unset mail goes to the embedded mailbox. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('InterGen <no-reply@intergen.local>'),
  SUPPORT_EMAIL: z.string().default('support@intergen.local'),
  /** Run the outbox worker inside the web process (default) or only in `npm run worker`. */
  RUN_WORKER: bool.default(true),
  /** Multiplies every rate limit; tests raise it, production keeps 1. */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().default(1),
  COMMUNITY_TAB: bool.optional(),
  /**
   * Keep looked-up sessions in memory per instance, dropped on any change by a trigger and LISTEN/NOTIFY (the
   * auth module's sessions.cache.ts). Default: on in production, off elsewhere.
   */
  SESSION_CACHE: bool.optional(),
  /**
   * With the session cache, also keep members' own lists and community pages as JSON answers per instance
   * (http/kept-lists.ts). Default: on; off keeps sessions only (bench/session-cache.bench.ts compares the three).
   */
  KEPT_LISTS: bool.default(true),
  /** How many proxy hops in front of the app to trust for the client address (X-Forwarded-For); 0 = none. */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * The service credential of the CRM proxy's calls (`/hubspot/...`, spec 001 §7): a bearer token of at least 28
   * characters (the override auth code). Unset: only admins may call the proxy.
   */
  CRM_SERVICE_TOKEN: z.string().min(28, 'must be at least 28 characters (the override auth code)').optional(),
  /**
   * HubSpot (DESIGN.md §6): with a private app's access token the CRM mirror writes to HubSpot, and every
   * pipeline and stage id below is then required. Unset: the built-in CRM.
   */
  HUBSPOT_ACCESS_TOKEN: z.string().optional(),
  /** HubSpot's API base; only a test or a local stub changes it. */
  HUBSPOT_BASE_URL: z.url().default('https://api.hubapi.com'),
  /**
   * HubSpot requests per ten seconds this instance may send (the plan's limit: 100, or 190 with the API limit
   * increase), paced with a margin. Several instances share the portal's limit: give each its share.
   */
  HUBSPOT_RATE_LIMIT: z.coerce.number().int().min(1).max(1000).default(100),
  /**
   * The bearer token `GET /metrics` (Prometheus) asks for. Unset: the metrics are open in development and off
   * (404) elsewhere.
   */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /**
   * `npm run worker` only: the port on which it answers `GET /metrics` and the probes (on HOST). Unset: it
   * serves no HTTP.
   */
  WORKER_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  appEnv: 'production' | 'staging' | 'development';
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  supportEmail: string;
  runWorker: boolean;
  rateLimitMultiplier: number;
  communityTab: boolean;
  sessionCache: boolean;
  /** Kept lists on with the session cache (`KEPT_LISTS`). */
  keptLists: boolean;
  logLevel: string;
  secureCookies: boolean;
  trustProxyHops: number;
  crmServiceToken: string | null;
  /** Null: `/metrics` is open in development, off elsewhere. */
  metricsToken: string | null;
  /** Null: `npm run worker` serves no HTTP. */
  workerMetricsPort: number | null;
  /** Null: the built-in CRM. */
  hubspot: HubSpotSettings | null;
}

/** Where the mirror's deals go in HubSpot: the pipeline ids and every stage's id, by our stage name. */
export interface HubSpotSettings {
  accessToken: string;
  baseUrl: string;
  pipelines: Record<CrmPipeline, string>;
  stageIds: Record<string, string>;
  /** Requests per ten seconds this instance may send (`HUBSPOT_RATE_LIMIT`). */
  rateLimit: number;
}

/** The variable naming a pipeline's HubSpot id: `HUBSPOT_CONNECTION_PIPELINE_ID`, `HUBSPOT_NETWORK_PIPELINE_ID`. */
export const pipelineEnvName = (pipeline: CrmPipeline) => `HUBSPOT_${pipeline.toUpperCase()}_PIPELINE_ID`;

/** The variable naming a stage's HubSpot id: `Connection Pending` → `HUBSPOT_STAGE_CONNECTION_PENDING`. */
export const stageEnvName = (stage: string) =>
  `HUBSPOT_STAGE_${stage
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_|_$/g, '')}`;

/**
 * The HubSpot settings when a token is given, each missing id named on its own line (a deal written to a
 * stage HubSpot does not know would fail on every delivery, so the app refuses to start instead).
 */
function hubspotSettings(
  env: NodeJS.ProcessEnv,
  accessToken: string | undefined,
  baseUrl: string,
  rateLimit: number,
): { settings: HubSpotSettings | null; missing: string[] } {
  if (!accessToken) return { settings: null, missing: [] };
  const missing: string[] = [];
  const read = (name: string, what: string) => {
    const value = env[name]?.trim();
    if (!value)
      missing.push(`  ${name}: missing — the HubSpot id of ${what} (required with HUBSPOT_ACCESS_TOKEN)`);
    return value ?? '';
  };
  const pipelines = Object.fromEntries(
    crmPipelines.map((p) => [p, read(pipelineEnvName(p), `the ${p} deals' pipeline`)]),
  ) as Record<CrmPipeline, string>;
  const stageIds = Object.fromEntries(
    crmPipelines.flatMap((p) => pipelineStages(p).map((s) => [s, read(stageEnvName(s), `the stage '${s}'`)])),
  );
  const settings = { accessToken, baseUrl: baseUrl.replace(/\/+$/, ''), pipelines, stageIds, rateLimit };
  return { settings, missing };
}

/** Parses the environment once, failing with one clear line per bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const hubspot = hubspotSettings(env, e.HUBSPOT_ACCESS_TOKEN, e.HUBSPOT_BASE_URL, e.HUBSPOT_RATE_LIMIT);
  if (hubspot.missing.length > 0) throw new Error(`Invalid configuration:\n${hubspot.missing.join('\n')}`);
  if (e.APP_ENV === 'production' && !e.APP_URL) {
    throw new Error(
      'Invalid configuration:\n  APP_URL: required in production — the public address (https://…) that e-mailed links and the same-origin check use',
    );
  }
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    appEnv: e.APP_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    runWorker: e.RUN_WORKER,
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    communityTab: e.COMMUNITY_TAB ?? e.APP_ENV === 'production',
    sessionCache: e.SESSION_CACHE ?? e.APP_ENV === 'production',
    keptLists: e.KEPT_LISTS,
    logLevel: e.LOG_LEVEL,
    secureCookies: appUrl.startsWith('https://'),
    trustProxyHops: e.TRUST_PROXY_HOPS,
    crmServiceToken: e.CRM_SERVICE_TOKEN ?? null,
    metricsToken: e.METRICS_TOKEN ?? null,
    workerMetricsPort: e.WORKER_METRICS_PORT ?? null,
    hubspot: hubspot.settings,
  };
}

/** Loads `.env` from the working directory when there is one; variables already set win. */
export function loadDotEnv(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file);
}
