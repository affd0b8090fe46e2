import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { client, testConfig, tokenOf } from './helpers.ts';
import { freePort, runScript, shellEnv, startServer } from './processes.ts';

const LINK = /One-time sign-in link for (\S+): (http\S+\/login-options\?token=[A-Za-z0-9_-]+)/;

const env = shellEnv;
const adminCli = (args: string[], childEnv: NodeJS.ProcessEnv) =>
  runScript('apps/server/src/admin-cli.ts', args, childEnv);

// Each case starts Node processes; on a loaded two-core machine that can take tens of seconds.
describe('npm run admin', { timeout: 300_000 }, () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'intergen-admin-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('prints usage and exits with 2 without a command or an e-mail', async () => {
    const dataDir = tempDir();
    for (const args of [[], ['create'], ['delete', 'boss@example.com']]) {
      const result = await adminCli(args, env(dataDir));
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain('Usage: npm run admin -- create <email>');
      expect(result.stdout).toBe('');
    }
  });

  it('makes an admin on the embedded database and prints a one-time link that signs them in', async () => {
    const dataDir = tempDir();
    const result = await adminCli(['create', 'boss@example.com'], env(dataDir));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const match = result.stdout.match(LINK);
    expect(match?.[1]).toBe('boss@example.com');
    expect(match?.[2]).toMatch(/^https?:\/\/[^/]+\/login-options\?token=/);
    expect(existsSync(path.join(dataDir, 'intergen.lock'))).toBe(false);

    // The link works on that database.
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    const app = await buildApp({ config: testConfig(), database, logger: false, printMail: () => {} });
    try {
      const response = await client(app).post('/api/auth/one-time-link/consume', {
        token: tokenOf(match![2]!),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({ email: 'boss@example.com', isAdmin: true });
    } finally {
      await app.close();
      await database.close();
    }
  }, 300_000);

  it('goes through the running server that holds the data directory', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const server = await startServer(env(dataDir, { PORT: String(port), HOST: '127.0.0.1' }));
    children.push(server.child);
    expect(server.output()).toContain(
      `One-time sign-in link for admin@localhost: http://localhost:${port}/login-options?token=`,
    );

    // A second server on the same data directory refuses to start, naming the reason.
    const second = await runScript(
      'apps/server/src/main.ts',
      [],
      env(dataDir, { PORT: String(await freePort()) }),
    );
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('The data directory is in use by another InterGen process');

    // The admin command runs in another shell, where only DATA_DIR is set.
    const result = await adminCli(['create', 'boss@example.com'], env(dataDir));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const match = result.stdout.match(LINK);
    expect(match?.[2]).toMatch(new RegExp(`^http://localhost:${port}/login-options\\?token=`));

    const consumed = await fetch(`http://127.0.0.1:${port}/api/auth/one-time-link/consume`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
      body: JSON.stringify({ token: tokenOf(match![2]!) }),
    });
    expect(consumed.status).toBe(200);
    expect(((await consumed.json()) as { user: unknown }).user).toMatchObject({
      email: 'boss@example.com',
      isAdmin: true,
    });

    const exited = new Promise<number | null>((resolve) => server.child.on('exit', resolve));
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'intergen.lock'))).toBe(false);
  }, 300_000);
});
