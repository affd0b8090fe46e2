import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { demoTexts } from '@intergen/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { APP_URL, signUp, withDataDirApp } from './helpers.ts';
import { freePort, runScript, shellEnv, startServer, stopServer } from './processes.ts';

/** `npm start -- --demo` (scripts/start.mjs) and the demo command's refusals, run as processes as a shell would. */

const LINK = /(http\S+\/login-options\?token=[A-Za-z0-9_-]+)/g;

/** The embedded database of a data directory, opened in this process once no server owns it. */
const openDataDir = (dataDir: string) =>
  openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db'), thread: true });

async function memberCount(dataDir: string): Promise<number> {
  const database = await openDataDir(dataDir);
  try {
    const [row] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    return row!.n;
  } finally {
    await database.close();
  }
}

// Filling the demo builds a hundred members through the API: tens of seconds to minutes on a loaded machine.
describe('npm start -- --demo', { timeout: 600_000 }, () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const freshDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'intergen-demo-start-'));
    dirs.push(dir);
    return dir;
  };

  it('fills an empty data directory, prints the links and serves the demo; started again, it serves it unchanged', async () => {
    const dataDir = freshDir();
    const port = await freePort();
    const env = shellEnv(dataDir, { PORT: String(port), APP_URL });
    const base = `http://127.0.0.1:${port}`;

    const first = await startServer(env, 'start.mjs --demo');
    let code: number | null;
    try {
      const config = await fetch(`${base}/api/config`);
      expect(config.status).toBe(200);
      expect(await config.json()).toMatchObject({ demo: true, communityTab: true });
      const links = [...first.output().matchAll(LINK)].map((m) => m[1]!);
      expect(links, first.output()).toHaveLength(3);
      for (const link of links) expect(link.startsWith(`${APP_URL}/login-options?token=`)).toBe(true);
      expect(first.output()).not.toContain(demoTexts.cli.refusedDemo);
    } finally {
      code = await stopServer(first.child, 60_000);
    }
    expect(code, first.output()).toBe(0);
    const members = await memberCount(dataDir);
    expect(members).toBeGreaterThan(100);

    const second = await startServer(env, 'start.mjs --demo');
    try {
      expect(second.output()).toContain(demoTexts.cli.refusedDemo);
      expect([...second.output().matchAll(LINK)]).toHaveLength(0);
      const config = await fetch(`${base}/api/config`);
      expect(config.status).toBe(200);
      expect(await config.json()).toMatchObject({ demo: true, communityTab: true });
    } finally {
      code = await stopServer(second.child, 60_000);
    }
    expect(code, second.output()).toBe(0);
    expect(await memberCount(dataDir)).toBe(members);
  });

  it('the demo command refuses a data directory holding a real member, exiting 3 and changing nothing', async () => {
    const dataDir = freshDir();
    // One process owns the data directory: the app and its database are closed before the command opens it.
    await withDataDirApp(dataDir, (app) => signUp(app, { name: 'Real Person', profileType: 'expert' }));

    const run = await runScript('apps/server/src/demo-cli.ts', [], shellEnv(dataDir, { APP_URL }));
    expect(run.code, run.stderr).toBe(3);
    expect(run.stderr).toContain(demoTexts.cli.refusedMembers(1));
    expect(run.stdout).not.toMatch(LINK);
    expect(await memberCount(dataDir)).toBe(1);
  });
});
