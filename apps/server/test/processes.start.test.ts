import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, readLock } from '../src/db/lock.ts';
import { mailTopic } from '../src/modules/mail/index.ts';
import { enqueue } from '../src/outbox/outbox.ts';
import { freshDatabase, urlOf } from './helpers.ts';
import {
  freePort,
  repoRoot,
  runScript,
  type StartCommand,
  shellEnv,
  startServer,
  stopServer,
} from './processes.ts';

/** `npm start` is stopped the way a terminal, a shell or a process manager stops it, and refuses what cannot work. */

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const cases: [StartCommand, NodeJS.Signals][] = [
  ['start.mjs', 'SIGTERM'],
  ['start.mjs', 'SIGINT'],
  ['npm start', 'SIGTERM'],
  ['npm start', 'SIGINT'],
];

describe.each(cases)('%s receiving %s', (command, signal) => {
  it('stops serving, exits 0 and frees the data directory', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'intergen-start-'));
    dirs.push(dataDir);
    const port = await freePort();
    const { child, output } = await startServer(shellEnv(dataDir, { PORT: String(port) }), command);
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, sig) => resolve({ code, signal: sig })),
    );
    const server = readLock(dataDir);
    try {
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      expect(server).not.toBeNull();

      // The signal goes to the process started (npm itself for `npm start`), not to the server below it.
      child.kill(signal);
      // A cap, not a wait: it resolves as soon as the process has ended.
      const cap = new Promise<'still running'>((resolve) =>
        setTimeout(() => resolve('still running'), 60_000),
      );
      expect(await Promise.race([exited, cap]), output()).toEqual({ code: 0, signal: null });
      // The server itself is gone too: nothing answers and the lock is free.
      await expect.poll(() => readLock(dataDir), { timeout: 30_000 }).toBeNull();
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      if (server && readLock(dataDir)) process.kill(server.pid, 'SIGKILL');
    }
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    // Another process may take the data directory at once.
    acquireDataDirLock(dataDir, { port: null, controlToken: null })();
    // Start-up (the embedded database's first migration) and stop, on a busy machine: a cap, not a wait.
  }, 180_000);
});

describe('npm start with RUN_WORKER=false and the embedded database', () => {
  it('refuses to start, saying why, and leaves the data directory untouched', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'intergen-start-'));
    dirs.push(dataDir);
    const result = await runScript(
      'apps/server/src/main.ts',
      [],
      shellEnv(dataDir, { PORT: String(await freePort()), RUN_WORKER: 'false' }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('RUN_WORKER: false needs DATABASE_URL');
    expect(result.stderr).not.toContain('    at ');
    expect(readdirSync(dataDir)).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('npm run worker with WORKER_METRICS_PORT', () => {
  it('serves the metrics of the jobs it runs behind the token, and the probes, and exits 0 on SIGTERM', async () => {
    const database = await freshDatabase('postgres');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'intergen-worker-'));
    dirs.push(dataDir);
    const url = await urlOf(database);
    const port = await freePort();
    const token = 'worker-metrics-token-0123456789';
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/worker.ts'], {
      cwd: repoRoot,
      env: shellEnv(dataDir, {
        DATABASE_URL: url.toString(),
        WORKER_METRICS_PORT: String(port),
        APP_ENV: 'production',
        APP_URL: 'https://intergen.test',
        METRICS_TOKEN: token,
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    const metricsUrl = `http://127.0.0.1:${port}/metrics`;
    const scrape = () => fetch(metricsUrl, { headers: { authorization: `Bearer ${token}` } });
    try {
      // Start-up (migrations, the app's wiring) on a busy machine: polled until it answers, not waited for.
      await expect
        .poll(
          () =>
            scrape().then(
              (r) => r.status,
              () => child.exitCode ?? 'no answer',
            ),
          { timeout: 120_000 },
        )
        .toBe(200);

      const anonymous = await fetch(metricsUrl);
      expect(anonymous.status).toBe(401);
      expect((await fetch(metricsUrl, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
      const body = await (await scrape()).text();
      for (const series of [
        'intergen_mail_sent_total',
        'intergen_crm_deliveries_total',
        'intergen_outbox_lag_seconds',
        'process_cpu_seconds_total',
      ]) {
        expect(body).toContain(series);
      }
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      // Nothing of the app itself is served there.
      expect((await fetch(`http://127.0.0.1:${port}/api/config`)).status).toBe(404);

      // A mail job run by this worker is counted by its metrics.
      await enqueue(database.db, [
        mailTopic.message({ to: 'worker.metrics@example.com', subject: 'Hello', text: 'Sent by the worker' }),
      ]);
      await expect
        .poll(async () => /^intergen_mail_sent_total 1$/m.test(await (await scrape()).text()), {
          timeout: 60_000,
        })
        .toBe(true);

      expect(await stopServer(child), out).toBe(0);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await database.close();
    }
  }, 240_000);
});
