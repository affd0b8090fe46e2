import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type App, buildApp } from './app.ts';
import { type Config, loadConfig, loadDotEnv } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { healthRoutes } from './http/health.ts';
import { metricsAccess, registerMetrics } from './http/metrics.ts';

/**
 * The worker's own small server on WORKER_METRICS_PORT: `GET /metrics` (the worker app's registry, where the mail
 * and CRM counters count, under the same access rule as the app's) and the probes, nothing else.
 */
async function serveMetrics(app: App, database: Database, config: Config, port: number) {
  const server = Fastify({ loggerInstance: app.log });
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(server);
  registerMetrics(server, app.metrics, metricsAccess(config));
  await server.register(healthRoutes({ database }), { prefix: '/api' });
  await server.listen({ port, host: config.host });
  return server;
}

/** `npm run worker`: outbox workers on their own, for PostgreSQL deployments that scale them apart. */
async function main() {
  loadDotEnv();
  const config = loadConfig();
  if (!config.databaseUrl) {
    process.stderr.write(
      'npm run worker needs DATABASE_URL. With the embedded database, `npm start` runs the worker itself.\n',
    );
    process.exit(2);
  }
  const database = await openDatabase({ kind: 'postgres', url: config.databaseUrl });
  const app = await buildApp({ config, database });
  await app.hubspotPortal?.start();
  const server =
    config.workerMetricsPort === null
      ? null
      : await serveMetrics(app, database, config, config.workerMetricsPort);
  app.worker.start();
  app.housekeeping.start();
  app.log.info('outbox worker running');
  const stop = async () => {
    await server?.close();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error) => {
  const invalid = error instanceof Error && error.message.startsWith('Invalid configuration');
  process.stderr.write(
    invalid
      ? `\n${error.message}\n\n`
      : `\nThe worker failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
