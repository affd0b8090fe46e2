import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { client, testConfig, tokenOf } from './helpers.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const LINK = /One-time sign-in link for (\S+): (http\S+\/login-options\?token=[A-Za-z0-9_-]+)/;

/** The environment of a shell with only DATA_DIR (and the given extras) set for InterGen. */
function env(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const base = { ...process.env };
  for (const key of ['PORT', 'HOST', 'APP_URL', 'DATABASE_URL', 'SMTP_URL', 'TEST_DATABASE_URL', 'APP_ENV']) {
    delete base[key];
  }
  return { ...base, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extra };
}

function run(
  args: string[],
  childEnv: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: repoRoot,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const adminCli = (args: string[], childEnv: NodeJS.ProcessEnv) =>
  run(['apps/server/src/admin-cli.ts', ...args], childEnv);

/** A TCP port that was free a moment ago. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts `main.ts` and resolves once it says it is running, with everything it printed so far. */
function startServer(childEnv: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; output: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const output = () => out;
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 90_000);
    const onData = (d: Buffer) => {
      out += d;
      if (/InterGen is running at/.test(out) && /One-time sign-in link for admin@localhost/.test(out)) {
        clearTimeout(timer);
        resolve({ child, output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
}

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
    const second = await run(['apps/server/src/main.ts'], env(dataDir, { PORT: String(await freePort()) }));
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
