import { randomBytes } from 'node:crypto';
import type { Config } from './config.ts';
import { type Database, databaseTarget, openDatabase } from './db/client.ts';
import { acquireDataDirLock } from './db/lock.ts';

/**
 * Opens the configured database. For the embedded one it first takes the data directory's single-owner
 * lock (recording the port and a control secret so `npm run admin` can reach this process).
 */
export async function openOwnedDatabase(
  config: Config,
  opts: { port: number | null; withControl: boolean },
): Promise<{ database: Database; controlToken: string | null; release: () => void }> {
  const target = databaseTarget(config);
  if (target.kind === 'postgres') {
    return { database: await openDatabase(target), controlToken: null, release: () => {} };
  }
  const controlToken = opts.withControl ? randomBytes(24).toString('base64url') : null;
  const release = acquireDataDirLock(config.dataDir, { port: opts.port, controlToken });
  try {
    return { database: await openDatabase(target), controlToken, release };
  } catch (error) {
    release();
    throw error;
  }
}
