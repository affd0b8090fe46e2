import { buildApp } from './app.ts';
import { openOwnedDatabase } from './bootstrap.ts';
import { type Config, loadConfig, loadDotEnv } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';

/**
 * With the embedded database only this process can deliver the outbox (`npm run worker` needs PostgreSQL), so
 * RUN_WORKER=false would queue every e-mail, CRM update and matching run for ever.
 */
function refuseIdleOutbox(config: Config): void {
  if (config.runWorker || config.databaseUrl) return;
  throw new Error(
    'Invalid configuration:\n  RUN_WORKER: false needs DATABASE_URL — with the embedded database no other process can ' +
      'deliver e-mail, CRM updates or matching runs (npm run worker needs PostgreSQL). Remove RUN_WORKER, or set DATABASE_URL.',
  );
}

/**
 * Calls `stop` once the process that started this one is gone (this one is then adopted by another): a shell or
 * npm killed without passing the signal on would otherwise leave the server running, holding the data directory.
 */
function stopWithParent(stop: () => void): void {
  const parent = process.ppid;
  if (parent <= 1) return;
  const timer = setInterval(() => {
    if (process.ppid !== parent) {
      clearInterval(timer);
      stop();
    }
  }, 1_000);
  timer.unref();
}

/** Start-up: configuration → database (migrated) → app → listen → worker → first admin. */
async function main() {
  loadDotEnv();
  const config = loadConfig();
  refuseIdleOutbox(config);
  const { database, controlToken, release } = await openOwnedDatabase(config, {
    port: config.port,
    withControl: true,
  });
  const app = await buildApp({ config, database, controlToken });

  let stopping = false;
  const shutdown = async (why: string) => {
    // A second signal while stopping: stop at once (the lock is released on exit).
    if (stopping) process.exit(1);
    stopping = true;
    app.log.info(`${why}, shutting down`);
    try {
      await app.close();
      await database.close();
      release();
      process.exit(0);
    } catch (error) {
      process.stderr.write(
        `InterGen did not stop cleanly: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT received'));
  process.on('SIGTERM', () => void shutdown('SIGTERM received'));
  stopWithParent(() => void shutdown('the parent process is gone'));

  await app.hubspotPortal?.start();
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
