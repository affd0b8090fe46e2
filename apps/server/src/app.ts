import { timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { PublicConfigSchema } from '@intergen/contracts';
import { messages } from '@intergen/domain';
import Fastify, { type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { retryTransactions } from './db/retry.ts';
import { createHousekeeping } from './housekeeping.ts';
import { withDemoBanner } from './http/demo-banner.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { healthRoutes } from './http/health.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { registerKeptLists } from './http/kept-lists.ts';
import { createMetrics, metricsAccess, registerMetrics } from './http/metrics.ts';
import { isApiRequest } from './http/paths.ts';
import { databaseRateLimitStore, pruneRateLimits } from './http/rate-limit-store.ts';
import { registerRequestContext } from './http/request-context.ts';
import { registerOriginCheck, registerSecurityHeaders } from './http/security.ts';
import { registerSessions, SESSION_COOKIE } from './http/session.ts';
import { AppError } from './lib/errors.ts';
import { logSerializers } from './lib/logging.ts';
import { createAccountsService } from './modules/accounts/index.ts';
import { accountRoutes, adminAccountsRoutes } from './modules/accounts/routes.ts';
import {
  adminAnalyticsRoutes,
  adminMatchingRoutes,
  adminMembersRoutes,
  adminOutboxRoutes,
  adminProfilesRoutes,
  adminRecordsRoutes,
  adminRoutes,
} from './modules/admin/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { accountRateLimitSubjects, createAuthService, createSessionCache } from './modules/auth/index.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { createConnectionsService, relationshipBetween } from './modules/connections/index.ts';
import { connectionsRoutes } from './modules/connections/routes.ts';
import { createCrmService, crmEventTopic, crmJobHandlers, hubspotGateway } from './modules/crm/index.ts';
import { crmRoutes } from './modules/crm/routes.ts';
import {
  createEventPublisher,
  type DomainEventType,
  domainEventTypes,
  type EventSubscriptions,
  type EventTopic,
} from './modules/events/index.ts';
import { createLiveHub } from './modules/live/index.ts';
import { liveRoutes } from './modules/live/routes.ts';
import {
  type MailTransport,
  mailboxTransport,
  mailJobHandler,
  mailTopic,
  smtpTransport,
} from './modules/mail/index.ts';
import {
  createMatchingService,
  matchingJobHandlers,
  matchingProfileTopic,
} from './modules/matching/index.ts';
import { matchingRoutes } from './modules/matching/routes.ts';
import { anyRelationship, userLabels } from './modules/members/index.ts';
import { createNetworkService, networkRelationship } from './modules/network/index.ts';
import { networkRoutes } from './modules/network/routes.ts';
import {
  createNotificationsService,
  notificationJobHandlers,
  notifyProfileApproved,
} from './modules/notifications/index.ts';
import { notificationsRoutes } from './modules/notifications/routes.ts';
import {
  createImageStore,
  createProfilesService,
  type ExpertApprovedHook,
} from './modules/profiles/index.ts';
import { profilesRoutes, uploadsRoutes } from './modules/profiles/routes.ts';
import { createSettingsService } from './modules/settings/index.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { createTrackingService } from './modules/tracking/index.ts';
import { trackingRoutes } from './modules/tracking/routes.ts';
import { backupControlPath, controlHeader, snapshotOf } from './operations/backup.ts';
import { createOutboxWorker } from './outbox/outbox.ts';

/**
 * Which outbox topics receive which domain events; each topic has its handler in the worker's `handlers`.
 * Matching rescoring follows `matching.requested` (publish, submit, approval, a matching field changed) and a
 * profile coming back to the community; the CRM subscribes here too.
 */
const eventSubscriptions: EventSubscriptions = subscribe(
  {
    'matching.requested': [matchingProfileTopic],
    'profile.unpaused': [matchingProfileTopic],
    'profile.activated': [matchingProfileTopic],
  },
  // The CRM mirror: every connection, suggestion dismissal, My Network step and profile change.
  domainEventTypes.filter(
    (type) =>
      type.startsWith('connection.') ||
      type.startsWith('network.') ||
      type.startsWith('profile.') ||
      type === 'survey.submitted' ||
      type === 'suggestion.dismissed' ||
      type === 'member.deleted',
  ),
  crmEventTopic,
);

/** Adds one topic to the subscriptions of some event types. */
function subscribe(
  base: EventSubscriptions,
  types: readonly DomainEventType[],
  topic: EventTopic,
): EventSubscriptions {
  const result: EventSubscriptions = { ...base };
  for (const type of types) result[type] = [...(result[type] ?? []), topic];
  return result;
}
/**
 * Run in the transaction that approves an expert (the connections module releases pending requests here).
 * The expert's `profile_approved` notification carries the one approval e-mail.
 */
const expertApprovedHooks: ExpertApprovedHook[] = [notifyProfileApproved];

export const webDistDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface AppDeps {
  config: Config;
  database: Database;
  /** Where the embedded mailbox prints messages (standard output by default). */
  printMail?: (text: string) => void;
  /** Replaces the configured mail transport (tests use an SMTP stub through SMTP_URL instead when they can). */
  mailTransport?: MailTransport;
  /** Secret that lets `npm run admin` ask this running server for an admin link. */
  controlToken?: string | null;
  logger?: FastifyServerOptions['logger'];
  /** How often open live streams are pinged and their session re-checked (25 s; tests shorten it). */
  livePingMs?: number;
  /**
   * The clock of what the analytics count by date (sign-ups, domain events, tracking events, connection and My
   * Network steps), and the randomness of default avatars: `npm run demo` replays weeks of history with them.
   */
  now?: () => Date;
  random?: () => number;
  /** The built web app the server sends (apps/web/dist; tests give a folder of their own). */
  webDir?: string;
}

/** Builds the whole app: used by main, the worker and every test, so all run the same wiring. */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  // Every service's transaction runs again when PostgreSQL picks it as a deadlock's or a serialization conflict's loser.
  retryTransactions(database.db);
  const app = Fastify({
    // Our serializers whatever the caller's options: no SQL parameters, no query strings in logs.
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(typeof deps.logger === 'object' ? deps.logger : {}),
            serializers: logSerializers,
          },
    // Only the configured number of hops: trusting every hop would let a client pick its own address.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    genReqId: () => crypto.randomUUID(),
    // Plugins here load in milliseconds, but on a busy machine an embedded database starting in the same
    // process (PGlite's WebAssembly blocks the event loop) can hold them past Fastify's 10 s default.
    pluginTimeout: 120_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputGuard(app);
  registerRequestContext(app);
  // Prometheus metrics of this instance (`GET /metrics`); read when scraped, so the worker and hub come later.
  const metrics = createMetrics({
    database,
    outboxTopics: () => worker.topics,
    liveStreams: () => liveHub.size,
  });
  registerMetrics(app, metrics, metricsAccess(config));

  const transport =
    deps.mailTransport ??
    (config.smtpUrl
      ? smtpTransport(config.smtpUrl, config.mailFrom)
      : mailboxTransport(database, deps.printMail ?? ((text) => process.stdout.write(text))));
  const { now, random } = deps;
  const publishEvent = createEventPublisher(eventSubscriptions, now);
  // The run-time settings, kept by each instance until the table changes (a trigger tells every instance).
  const settings = createSettingsService({
    database,
    appEnv: config.appEnv,
    defaults: { communityTab: config.communityTab, supportEmail: config.supportEmail },
  });
  const matching = createMatchingService({
    database,
    publishEvent,
    communityTab: settings.communityTab,
    afterCommit: () => worker.nudge(),
    now,
  });
  const connections = createConnectionsService({
    database,
    publishEvent,
    surveyFormUrl: settings.surveyFormUrl,
    afterCommit: () => worker.nudge(),
    now,
  });
  const network = createNetworkService({ database, publishEvent, afterCommit: () => worker.nudge(), now });
  const crm = createCrmService({
    database,
    appUrl: config.appUrl,
    ...(config.hubspot
      ? { gateway: hubspotGateway(config.hubspot, { onRateLimited: metrics.crmRateLimited }) }
      : {}),
    afterCommit: () => worker.nudge(),
  });
  const notifications = createNotificationsService({
    database,
    appUrl: config.appUrl,
    afterCommit: () => worker.nudge(),
  });
  const worker = createOutboxWorker({
    database,
    handlers: {
      [mailTopic.name]: mailJobHandler(transport, metrics.mailOutcome),
      ...matchingJobHandlers(matching),
      ...notificationJobHandlers(notifications),
      ...crmJobHandlers(crm, metrics.crmDelivery),
    },
    log: app.log,
  });
  // Pictures live in the database; earlier versions kept them under DATA_DIR/uploads, moved in once here.
  const images = createImageStore(database, path.join(config.dataDir, 'uploads'));
  const importedPictures = await images.importFiles();
  if (importedPictures > 0) app.log.info(`${importedPictures} profile pictures moved into the database`);
  const tracking = createTrackingService({ database, now });
  const liveHub = createLiveHub({
    database,
    log: app.log,
    // The live listener and the session cache's hear on connections of their own: a member told of a change
    // must not refetch a list this instance kept from before it.
    beforeDeliver: (userIds) => sessionCache?.lists.drop(userIds),
  });
  const housekeeping = createHousekeeping({
    tasks: [
      { name: 'expired sessions and tokens', run: () => auth.pruneExpired() },
      { name: 'ended rate-limit windows', run: () => pruneRateLimits(database) },
    ],
    log: app.log,
  });
  const profiles = createProfilesService({
    database,
    appUrl: config.appUrl,
    settings,
    publishEvent,
    // A suggestion or connection request, or a My Network request, ties two members (DESIGN.md §2).
    relationshipOf: anyRelationship(relationshipBetween, networkRelationship),
    images,
    afterCommit: () => worker.nudge(),
    // The connections module releases the expert's held requests in the approval's transaction.
    onExpertApproved: [...expertApprovedHooks, connections.releasePendingRequests],
    warn: (obj, message) => app.log.warn(obj, message),
    random,
    now,
  });
  // Looked-up sessions kept per instance, dropped when a trigger announces a change (migration 0019).
  const sessionCache = config.sessionCache ? createSessionCache(database) : null;
  const auth = createAuthService({
    database,
    sessionCache,
    appUrl: config.appUrl,
    afterCommit: () => worker.nudge(),
    // Verifying the e-mail publishes or submits a complete profile that was waiting for it (spec 000 §2).
    onEmailVerified: [profiles.submitAfterVerification],
    now,
  });
  // Deleting an account (admin or member) and the member's own data export (DESIGN.md §4).
  const accounts = createAccountsService({
    database,
    publishEvent,
    images,
    relationshipOf: anyRelationship(relationshipBetween, networkRelationship),
    communityTab: settings.communityTab,
    ownProfile: (userId) => profiles.getOwn(userId),
    rateLimitSubjects: accountRateLimitSubjects,
    afterCommit: () => worker.nudge(),
    warn: (obj, message) => app.log.warn(obj, message),
  });

  registerSecurityHeaders(app, config.appEnv === 'production');
  await app.register(fastifyCookie);
  // Counters in the database, shared by every instance. Should the database fail, the limiter lets the request
  // through: the action it guards needs the database too, and fails with its own message.
  await app.register(fastifyRateLimit, {
    global: false,
    store: databaseRateLimitStore(database),
    skipOnError: true,
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'InterGen API', version: '0.1.0', description: 'The API behind the InterGen web app.' },
      // The CRM proxy's calls accept a service credential (`CRM_SERVICE_TOKEN`) as a bearer.
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  registerOriginCheck(app, config.appUrl);
  const cookies = registerSessions(app, auth, config.secureCookies, sessionCache);
  registerKeptLists(app, sessionCache);

  await app.register(healthRoutes({ database }), { prefix: '/api' });
  app.get(
    '/api/config',
    // The same for everyone: no session lookup (the dashboard asks it with every other call).
    {
      config: { withoutSession: true },
      schema: { tags: ['system'], response: { 200: PublicConfigSchema } },
    },
    async () => ({ appEnv: config.appEnv, ...(await settings.publicSettings()) }),
  );
  await app.register(authRoutes({ auth, cookies, rateLimitMultiplier: config.rateLimitMultiplier }), {
    prefix: '/api/auth',
  });
  await app.register(adminRoutes({ database }), { prefix: '/api/admin' });
  await app.register(settingsRoutes({ settings }), { prefix: '/api/admin' });
  await app.register(auditRoutes({ database, actorsOf: (ids) => userLabels(database.db, ids) }), {
    prefix: '/api/admin',
  });
  await app.register(profilesRoutes({ profiles, cookies }), { prefix: '/api/profiles' });
  await app.register(adminProfilesRoutes({ profiles }), { prefix: '/api/admin' });
  await app.register(adminAccountsRoutes({ accounts }), { prefix: '/api/admin' });
  await app.register(accountRoutes({ accounts, cookies, rateLimitMultiplier: config.rateLimitMultiplier }), {
    prefix: '/api/account',
  });
  await app.register(adminMembersRoutes({ profiles, database }), { prefix: '/api/admin' });
  await app.register(adminMatchingRoutes({ matching }), { prefix: '/api/admin' });
  await app.register(adminAnalyticsRoutes({ database, tracking }), { prefix: '/api/admin' });
  await app.register(adminRecordsRoutes({ database }), { prefix: '/api/admin' });
  await app.register(
    adminOutboxRoutes({ database, topics: worker.topics, afterCommit: () => worker.nudge() }),
    { prefix: '/api/admin' },
  );
  await app.register(matchingRoutes({ matching }), { prefix: '/api' });
  await app.register(connectionsRoutes({ connections }), { prefix: '/api' });
  await app.register(networkRoutes({ network }), { prefix: '/api/network' });
  await app.register(uploadsRoutes(images), { prefix: '/uploads' });
  await app.register(
    crmRoutes({
      crm,
      serviceToken: config.crmServiceToken,
      loginOneTime: (input) => auth.requestDealOneTimeLink(input),
      sendVerificationCode: (userId) => auth.sendVerificationCode(userId),
      verifyEmail: (userId, code) => auth.verifyEmail(userId, code),
      rateLimitMultiplier: config.rateLimitMultiplier,
    }),
  );
  await app.register(notificationsRoutes({ notifications }), { prefix: '/api/notifications' });
  await app.register(trackingRoutes({ tracking, rateLimitMultiplier: config.rateLimitMultiplier }), {
    prefix: '/api',
  });
  await app.register(
    liveRoutes({
      hub: liveHub,
      sessionIsValid: async (token) => (await auth.resolveSession(token)) !== null,
      pingMs: deps.livePingMs,
    }),
    { prefix: '/api' },
  );

  // `npm run admin` and `npm run backup` go through the running server, which owns the embedded database.
  const control = deps.controlToken ? Buffer.from(deps.controlToken) : null;
  const requireControl = (request: FastifyRequest) => {
    const given = Buffer.from(String(request.headers[controlHeader] ?? ''));
    if (!control || given.length !== control.length || !timingSafeEqual(given, control)) {
      throw new AppError('FORBIDDEN', messages.forbidden);
    }
  };
  app.post(
    '/api/internal/admin-link',
    {
      schema: { hide: true, body: z.object({ email: z.string() }) },
    },
    async (request) => {
      requireControl(request);
      return auth.createAdmin(request.body.email);
    },
  );
  // A consistent snapshot of the live embedded database (a gzipped tarball of its data directory).
  app.post(backupControlPath, { schema: { hide: true } }, async (request, reply) => {
    requireControl(request);
    if (!database.dumpDataDir) {
      throw new AppError('INVALID_STATE', 'The embedded database alone is backed up here; use pg_dump');
    }
    const tarball = await snapshotOf(database);
    return reply.type('application/gzip').send(Buffer.from(tarball));
  });

  const webDir = deps.webDir ?? webDistDir;
  const hasWeb = existsSync(path.join(webDir, 'index.html'));
  // Pages sent with more than index.html (apps/web/prerender.ts writes them and their list at build time): the
  // login and the sign-up drawn, for visitors without a session; a member's main pages with their code preloaded.
  const pagesFile = path.join(webDir, 'prerendered/pages.json');
  const prerendered: Record<string, { file: string; signedOut: boolean }> = existsSync(pagesFile)
    ? JSON.parse(readFileSync(pagesFile, 'utf8'))
    : {};
  // A page of the app: as built (compressed beside it), or on a demo database with the demo strip written in.
  const sendPage = async (reply: FastifyReply, file: string) => {
    reply.header('cache-control', 'no-cache');
    if (!(await settings.publicSettings()).demo) return reply.sendFile(file);
    const html = await readFile(path.join(webDir, file), 'utf8');
    return reply.type('text/html; charset=utf-8').send(withDemoBanner(html));
  };
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      // `/` is answered below (the prerendered login or index.html), not as the folder's index.html.
      index: false,
      // The build writes .br and .gz beside each text file (apps/web/precompress.ts): sent as they are.
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
    // Without a session cookie the visitor is signed out for sure: the login (or the sign-up) is sent drawn, with the
    // signed-out entry (React and Mantine only) in place of the app, so it shows before the script runs. With a query
    // (a `redirect`) or a cookie, index.html, and the app decides. A member's page (its code and data preloaded) goes
    // only to a request with a session cookie: a visitor without one is sent to the login, and its data preloads
    // would be refused and wasted.
    for (const [url, page] of Object.entries(prerendered)) {
      app.get(url, { schema: { hide: true } }, (request, reply) => {
        const cookie = Boolean(request.cookies[SESSION_COOKIE]);
        const usable = page.signedOut ? !cookie && !request.url.includes('?') : cookie;
        reply.header('vary', 'Cookie');
        return sendPage(reply, usable ? page.file : 'index.html');
      });
    }
  }
  app.setNotFoundHandler((request, reply) => {
    if (!isApiRequest(request) && request.method === 'GET' && hasWeb) return sendPage(reply, 'index.html');
    return reply.status(404).send({ error: { code: 'NOT_FOUND', message: messages.notFound } });
  });

  // Open live streams would hold the server open: end them (and the listener) before it closes.
  app.addHook('preClose', async () => {
    await liveHub.stop();
  });
  app.addHook('onClose', async () => {
    await liveHub.stop();
    await housekeeping.stop();
    await worker.stop();
    await settings.stop();
    await sessionCache?.stop();
    transport.close();
  });

  return Object.assign(app, {
    services: {
      auth,
      profiles,
      matching,
      connections,
      network,
      notifications,
      tracking,
      crm,
      settings,
      accounts,
    },
    metrics,
    worker,
    housekeeping,
    liveHub,
    sessionCache,
  });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
