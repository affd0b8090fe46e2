import { spawnSync } from 'node:child_process';
import { type FreshServer, startFreshServer } from './fresh-server';
import type { DeadMail } from './seed-dead-rows';
import { repoRoot } from './state';

/**
 * A server of one spec's own whose outbox holds e-mails parked as dead before it starts. The shared server's
 * embedded database has one owner (that server), so nothing can park its rows from outside, and no member's
 * action makes a row dead within a test's time.
 */
export interface ServerWithDeadMail extends FreshServer {
  /** The seeded rows' ids, in the order given. */
  deadRowIds: number[];
}

export async function startServerWithDeadMail(mails: DeadMail[]): Promise<ServerWithDeadMail> {
  let deadRowIds: number[] = [];
  const server = await startFreshServer('outbox', (dataDir) => {
    const seeded = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'e2e/support/seed-dead-rows.ts', dataDir, JSON.stringify(mails)],
      { cwd: repoRoot, encoding: 'utf8' },
    );
    if (seeded.status !== 0) throw new Error(`Seeding the outbox failed:\n${seeded.stderr}`);
    deadRowIds = JSON.parse(seeded.stdout.trim().split('\n').at(-1)!) as number[];
  });
  return { ...server, deadRowIds };
}
