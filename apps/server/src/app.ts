import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerControl } from './composition/control.ts';
import type { AppDeps } from './composition/deps.ts';
import { registerPlugins } from './composition/plugins.ts';
import { registerRoutes } from './composition/routes.ts';
import { createServices } from './composition/services.ts';
import { registerWebApp, webDistDir } from './composition/web.ts';
import { retryTransactions } from './db/retry.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { registerKeptLists } from './http/kept-lists.ts';
import { createMetrics, metricsAccess, registerMetrics } from './http/metrics.ts';
import { registerRequestContext } from './http/request-context.ts';
import { registerSessions } from './http/session.ts';
import { logSerializers } from './lib/logging.ts';

export type { AppDeps };

/**
 * Builds the whole app: used by main, the worker and every test, so all run the same wiring. The services are
 * made in composition/services.ts, the routes registered in composition/routes.ts, the web app served by
 * composition/web.ts.
 */
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
    outboxTopics: () => made.worker.topics,
    liveStreams: () => made.liveHub.size,
  });
  registerMetrics(app, metrics, metricsAccess(config));
  const made = await createServices(deps, app.log, metrics);
  const { services, worker, liveHub, housekeeping, sessionCache } = made;

  await registerPlugins(app, config, database);
  const cookies = registerSessions(app, services.auth, config.secureCookies, sessionCache);
  registerKeptLists(app, config.keptLists ? sessionCache : null);
  await registerRoutes(app, { ...made, config, database, cookies, livePingMs: deps.livePingMs });
  registerControl(app, { controlToken: deps.controlToken ?? null, auth: services.auth, database });
  await registerWebApp(
    app,
    deps.webDir ?? webDistDir,
    async () => (await services.settings.publicSettings()).demo,
  );

  // Open live streams would hold the server open: end them (and the listener) before it closes.
  app.addHook('preClose', async () => {
    await liveHub.stop();
  });
  app.addHook('onClose', async () => {
    await liveHub.stop();
    await housekeeping.stop();
    await worker.stop();
    await services.settings.stop();
    await sessionCache?.stop();
    made.transport.close();
  });

  return Object.assign(app, {
    services,
    metrics,
    worker,
    housekeeping,
    liveHub,
    sessionCache,
    hubspotPortal: made.hubspotPortal,
  });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
