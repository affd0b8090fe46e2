import { buildApp } from './app.ts';
import { openOwnedDatabase } from './bootstrap.ts';
import { loadConfig, loadDotEnv } from './config.ts';
import { DataDirLockedError, readLock } from './db/lock.ts';
import { controlHeaderName as controlHeader } from './http/security.ts';

const usage =
  'Usage: npm run admin -- create <email>\n  Makes <email> an admin (creating the account if needed) and prints a one-time sign-in link.\n';

/** Asks the running server that owns the embedded database to make the admin link. */
async function viaRunningServer(port: number, token: string, email: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/internal/admin-link`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [controlHeader]: token,
    },
    body: JSON.stringify({ email }),
  });
  const body = (await response.json()) as { url?: string; error?: { message: string } };
  if (!response.ok || !body.url)
    throw new Error(body.error?.message ?? `The running server answered ${response.status}`);
  return body.url;
}

async function main() {
  const [command, email] = process.argv.slice(2);
  if (command !== 'create' || !email) {
    process.stderr.write(usage);
    process.exit(2);
  }
  loadDotEnv();
  const config = loadConfig();
  let url: string;
  const holder = config.databaseUrl ? null : readLock(config.dataDir);
  if (holder?.port && holder.controlToken) {
    url = await viaRunningServer(holder.port, holder.controlToken, email);
  } else {
    const { database, release } = await openOwnedDatabase(config, { port: null, withControl: false });
    try {
      const app = await buildApp({ config, database, logger: false });
      url = (await app.services.auth.createAdmin(email)).url;
      await app.close();
    } finally {
      await database.close();
      release();
    }
  }
  process.stdout.write(
    `One-time sign-in link for ${email.trim().toLowerCase()}: ${url}\n(valid 15 minutes, single use)\n`,
  );
}

main().catch((error) => {
  process.stderr.write(
    `\n${error instanceof DataDirLockedError || error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
