import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, waitForAdminLink, waitForHealth } from '../global-setup';
import type { SeedContact, SeedDeal } from './seed-crm-deals';
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

/** The one-time links `npm run demo` prints, in the order it prints them (an expert, a company, the admin). */
const demoLinkPattern = /(http\S+\/login-options\?token=[A-Za-z0-9_-]+)/g;

export interface DemoServer {
  baseURL: string;
  /** The one-time sign-in links the demo printed: each signs in once. */
  links: { expert: string; company: string; admin: string };
  stop(): Promise<void>;
}

/**
 * A server of one spec's own on the demo community: `node scripts/start.mjs --demo --no-build` (the production build
 * must be there: `npm run build`) on a fresh, empty data directory, which the demo fills before the server starts.
 * Resolves once the three links are printed and the server answers. Building the demo takes a minute or more (up to
 * a few on a busy machine): give the hook that calls this `timeoutMs` and some more.
 */
export async function startDemoServer(timeoutMs = 540_000): Promise<DemoServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'intergen-e2e-demo-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_URL: baseURL,
    LOG_LEVEL: 'warn',
  };
  // Its own embedded database and the printed mail, whatever the run is configured with; the demo turns the
  // community tab on itself.
  for (const key of ['DATABASE_URL', 'SMTP_URL', 'HOST', 'COMMUNITY_TAB']) delete env[key];
  const child = spawn(process.execPath, ['scripts/start.mjs', '--demo', '--no-build'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    // A group of its own: stopped while the demo is still being built, its command (a child of start.mjs) stops too.
    detached: true,
  });
  const log: string[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid ?? 0), name);
    } catch {
      // already gone
    }
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      signal('SIGTERM');
      const killer = setTimeout(() => signal('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const links = await new Promise<string[]>((resolve, reject) => {
      let buffer = '';
      const timer = setTimeout(
        () =>
          reject(
            new Error(`The demo server printed no links within ${timeoutMs / 1000} s:\n${log.join('')}`),
          ),
        timeoutMs,
      );
      child.stdout?.on('data', (chunk: Buffer) => {
        const text = chunk.toString();
        log.push(text);
        buffer += text;
        const found = [...buffer.matchAll(demoLinkPattern)].map((m) => m[1]!);
        // The links come before the server starts; it is listening once it says it is running.
        if (found.length >= 3 && buffer.includes('InterGen is running at')) {
          clearTimeout(timer);
          resolve(found);
        }
      });
      child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`The demo server exited (code ${code}) before it was ready:\n${log.join('')}`));
      });
    });
    await waitForHealth(baseURL);
    // Keep draining the server's output so that it never blocks on a full pipe.
    child.stdout?.removeAllListeners('data');
    child.stderr?.removeAllListeners('data');
    child.stdout?.resume();
    child.stderr?.resume();
    const [expert, company, admin] = links as [string, string, string];
    return { baseURL, links: { expert, company, admin }, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A fresh server whose built-in CRM holds the given contacts and deals (seeded before it starts). */
export function startCrmServer(
  tag: string,
  seed: { contacts: SeedContact[]; deals: SeedDeal[] },
): Promise<FreshServer> {
  return startFreshServer(tag, (dataDir) => {
    const seeded = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'e2e/support/seed-crm-deals.ts', dataDir, JSON.stringify(seed)],
      { cwd: repoRoot, encoding: 'utf8' },
    );
    if (seeded.status !== 0) throw new Error(`Seeding the CRM failed:\n${seeded.stderr}`);
  });
}
