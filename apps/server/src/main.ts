import { buildApp } from './app.ts';
import { openOwnedDatabase } from './bootstrap.ts';
import { loadConfig, loadDotEnv } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';

/** Start-up: configuration → database (migrated) → app → listen → worker → first admin. */
async function main() {
  loadDotEnv();
  const config = loadConfig();
  const { database, controlToken, release } = await openOwnedDatabase(config, {
    port: config.port,
    withControl: true,
  });
  const app = await buildApp({ config, database, controlToken });

  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await database.close();
    release();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (config.runWorker) {
    app.worker.start();
    app.housekeeping.start();
  }

  const where = database.engine === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  process.stdout.write(`\nInterGen is running at ${config.appUrl} (${where})\n`);
  if (!(await app.services.auth.hasAdmin())) {
    const { url } = await app.services.auth.createAdmin('admin@localhost');
    process.stdout.write(
      `One-time sign-in link for admin@localhost: ${url}\n(valid 15 minutes; run "npm run admin -- create <email>" for another)\n\n`,
    );
  }
}

main().catch((error) => {
  if (
    error instanceof DataDirLockedError ||
    (error instanceof Error && error.message.startsWith('Invalid configuration'))
  ) {
    process.stderr.write(`\n${error.message}\n\n`);
  } else {
    process.stderr.write(
      `\nInterGen failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
