import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, waitForAdminLink, waitForHealth } from '../global-setup';
import { repoRoot } from './state';

/**
 * A server of one spec's own: the production build on a fresh, empty data directory. For a spec that changes
 * what every member of a server sees (the run-time settings), so that the specs running beside it on the shared
 * server never see its changes.
 */
export interface FreshServer {
  baseURL: string;
  /** The first admin's one-time sign-in link, as `npm start` prints it. */
  adminLink: string;
  stop(): Promise<void>;
}

export async function startFreshServer(
  tag: string,
  /** Runs on the empty data directory before the server owns it (to seed its database, say). */
  prepare?: (dataDir: string) => void,
): Promise<FreshServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `intergen-e2e-${tag}-`));
  try {
    prepare?.(dataDir);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_URL: baseURL,
    RATE_LIMIT_MULTIPLIER: '20',
    COMMUNITY_TAB: 'true',
    LOG_LEVEL: 'warn',
  };
  // Its own embedded database, whatever the run is configured with.
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const adminLink = await waitForAdminLink(child, log);
    await waitForHealth(baseURL);
    // Keep draining the server's output so that it never blocks on a full pipe.
    child.stdout?.removeAllListeners('data');
    child.stderr?.removeAllListeners('data');
    child.stdout?.resume();
    child.stderr?.resume();
    return { baseURL, adminLink, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
