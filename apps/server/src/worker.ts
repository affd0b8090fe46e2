import { buildApp } from './app.ts';
import { loadConfig, loadDotEnv } from './config.ts';
import { openDatabase } from './db/client.ts';

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
  app.worker.start();
  app.housekeeping.start();
  app.log.info('outbox worker running');
  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

void main();
