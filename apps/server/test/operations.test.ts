import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../src/db/client.ts';
import { MAX_WORKER_LAG_MS } from '../src/http/health.ts';
import { mailTopic } from '../src/modules/mail/index.ts';
import { enqueue } from '../src/outbox/outbox.ts';
import { client, type Engine, engines, signIn, signUp, withDataDirApp } from './helpers.ts';
import { freePort, runScript, shellEnv, startServer, stopServer } from './processes.ts';
import { useAppWithoutDatabase, useTestApp } from './suite.ts';

const PASSWORD = 'correct-horse-7';
const backup = (args: string[], env: NodeJS.ProcessEnv) =>
  runScript('apps/server/src/backup-cli.ts', args, env);
const restore = (args: string[], env: NodeJS.ProcessEnv) =>
  runScript('apps/server/src/restore-cli.ts', args, env);

describe.each(engines)('health and readiness on %s', (engine: Engine) => {
  const t = useTestApp(engine);

  it('answers liveness with its status alone', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('is ready when the database answers and no outbox row waits', async () => {
    await t.app.worker.drain();
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: 'ok', workerLagMs: 0 });
  });

  it('is not ready while a due outbox row has waited past the limit, and ready again once it is delivered', async () => {
    const to = 'lagging.member@example.com';
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    await enqueue(t.database.db, [
      mailTopic.message({ to, subject: 'Late', text: 'A message that waited' }, { runAt: minutesAgo(10) }),
      // Scheduled for later (a retry's backoff): not due, so not lag.
      mailTopic.message({ to, subject: 'Later', text: 'Not due yet' }, { runAt: minutesAgo(-60) }),
    ]);

    const late = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(late.statusCode).toBe(503);
    const body = late.json();
    expect(body).toMatchObject({
      status: 'not ready',
      database: 'ok',
      reason: expect.stringContaining('outbox'),
    });
    expect(body.workerLagMs).toBeGreaterThan(MAX_WORKER_LAG_MS);
    expect(body.workerLagMs).toBeGreaterThanOrEqual(9 * 60_000);
    expect(late.body).not.toContain(to);
    // Liveness does not depend on the workers.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    await t.app.worker.drain();
    const caughtUp = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(caughtUp.statusCode).toBe(200);
    expect(caughtUp.json()).toEqual({ status: 'ready', database: 'ok', workerLagMs: 0 });
    expect((await t.mailTo(to)).map((m) => m.subject)).toEqual(['Late']);
  });

  it('documents both in the OpenAPI document and hides the backup route', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths['/api/health'].get.responses)).toEqual(['200']);
    expect(Object.keys(doc.paths['/api/ready'].get.responses).sort()).toEqual(['200', '503']);
    expect(doc.paths['/api/internal/backup']).toBeUndefined();
  });

  it('refuses a backup over the control channel without the control secret', async () => {
    const response = await client(t.app).post('/api/internal/backup', {}, { 'x-intergen-control': '' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('FORBIDDEN');
  });
});

describe.each(engines)('readiness without a database on %s', (engine: Engine) => {
  const t = useAppWithoutDatabase(engine);

  it('stays alive but is not ready, without a cause or a stack in the answer', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'not ready',
      database: 'failed',
      workerLagMs: null,
      reason: 'the database did not answer',
    });
  });
});

/** Signs in on the data directory and answers the status and the signed-in e-mail. */
async function signInOn(dataDir: string, email: string, password = PASSWORD) {
  return withDataDirApp(dataDir, async (app) => {
    const { response } = await signIn(app, email, password);
    return {
      status: response.statusCode,
      email: response.statusCode === 200 ? response.json().user.email : null,
    };
  });
}

/** The "N bytes" a backup command printed. */
const printedBytes = (stdout: string) => Number(stdout.match(/\((\d+) bytes\)/)?.[1]);

// Every case runs Node processes and opens PGlite data directories: tens of seconds on a busy machine.
describe('backup and restore of the embedded database', { timeout: 300_000 }, () => {
  const dirs: string[] = [];
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'intergen-ops-'));
    dirs.push(dir);
    return dir;
  };
  /** A backup taken with no server running, of a data directory where `member` signed up. */
  let offline: { file: string; member: string; result: Awaited<ReturnType<typeof backup>>; dataDir: string };

  beforeAll(async () => {
    const dataDir = path.join(tempDir(), 'data');
    const member = 'restored.member@example.com';
    await withDataDirApp(dataDir, async (app) => {
      await signUp(app, { email: member, password: PASSWORD, name: 'Grace Hopper' });
    });
    const file = path.join(tempDir(), 'offline.tar.gz');
    offline = { file, member, dataDir, result: await backup([file], shellEnv(dataDir)) };
  }, 300_000);

  afterAll(async () => {
    for (const server of servers) await stopServer(server.child);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('backs up a data directory no server owns, and the member signs in on a fresh one restored from it', async () => {
    const { result, file, member, dataDir } = offline;
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Backup written to ${file}`);
    expect(result.stdout).toContain('taken from the data directory');
    expect(printedBytes(result.stdout)).toBe(statSync(file).size);
    expect(readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(existsSync(path.join(dataDir, 'intergen.lock'))).toBe(false);

    const fresh = path.join(tempDir(), 'data');
    const restored = await restore([file], shellEnv(fresh));
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`into ${path.join(fresh, 'db')}: 1 account (0 admins)`);
    expect(existsSync(path.join(fresh, 'intergen.lock'))).toBe(false);

    await withDataDirApp(fresh, async (app) => {
      const { response } = await signIn(app, member, PASSWORD);
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({ email: member, name: 'Grace Hopper', kind: 'expert' });
      expect((await signIn(app, member, 'not-the-password-9')).response.statusCode).toBe(401);
    });
  });

  it('backs up through the running server that owns the data directory, which keeps serving', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // The same-origin check compares with APP_URL, so the address the requests below use.
    const server = await startServer(
      shellEnv(dataDir, { PORT: String(port), HOST: '127.0.0.1', APP_URL: base }),
    );
    servers.push(server);
    const member = 'live.member@example.com';
    const signedUp = await fetch(`${base}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({
        name: 'Ada Lovelace',
        email: member,
        password: PASSWORD,
        profileType: 'expert',
      }),
    });
    expect(signedUp.status).toBe(201);

    // Another shell, where only DATA_DIR is set; the default file lands in backups/ beside the data directory.
    const result = await backup([], shellEnv(dataDir));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`taken by the running server (pid ${server.child.pid}, port ${port})`);
    const file = result.stdout.match(/Backup written to (\S+)/)?.[1] ?? '';
    expect(path.dirname(file)).toBe(path.join(path.dirname(dataDir), 'backups'));
    expect(path.basename(file)).toMatch(/^intergen-\d{8}T\d{6}Z\.tar\.gz$/);
    expect(printedBytes(result.stdout)).toBe(statSync(file).size);
    expect((await fetch(`${base}/api/ready`)).status).toBe(200);

    // Restoring over the directory the server owns is refused, naming the server, and changes nothing.
    const refused = await restore([file, '--force'], shellEnv(dataDir));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `in use by a running InterGen server (pid ${server.child.pid}, port ${port})`,
    );
    expect(readdirSync(dataDir).filter((name) => name.includes('before-restore'))).toEqual([]);

    const fresh = path.join(tempDir(), 'data');
    const restored = await restore([file], shellEnv(fresh));
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain('2 accounts (1 admin)');
    expect(await signInOn(fresh, member)).toEqual({ status: 200, email: member });

    expect(await stopServer(server.child)).toBe(0);
  });

  it('refuses a directory holding a database without --force, and with --force keeps that one aside', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const earlier = 'earlier.member@example.com';
    await withDataDirApp(dataDir, async (app) => {
      await signUp(app, { email: earlier, password: PASSWORD });
    });

    const refused = await restore([offline.file], shellEnv(dataDir));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('already holds a database');
    expect(refused.stderr).toContain('--force');
    expect(readdirSync(dataDir).sort()).toEqual(['db']);
    expect(await signInOn(dataDir, earlier)).toEqual({ status: 200, email: earlier });

    // `npm run restore <file> --force` without `--`: npm keeps --force and says so in the environment.
    const forced = await restore([offline.file], shellEnv(dataDir, { npm_config_force: 'true' }));
    expect(forced.stderr).toBe('');
    expect(forced.code).toBe(0);
    const aside = readdirSync(dataDir).filter((name) => /^db\.before-restore-\d{8}T\d{6}Z$/.test(name));
    expect(aside).toHaveLength(1);
    expect(forced.stdout).toContain(`kept in ${path.join(dataDir, aside[0]!)}`);

    expect(await signInOn(dataDir, offline.member)).toEqual({ status: 200, email: offline.member });
    expect((await signInOn(dataDir, earlier)).status).toBe(401);
    // The database that was there is intact where it was moved.
    const asideDir = path.join(tempDir(), 'data');
    cpSync(path.join(dataDir, aside[0]!), path.join(asideDir, 'db'), { recursive: true });
    expect(await signInOn(asideDir, earlier)).toEqual({ status: 200, email: earlier });
  });

  it('leaves the directory as it was when the file is not a backup', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const member = 'kept.member@example.com';
    await withDataDirApp(dataDir, async (app) => {
      await signUp(app, { email: member, password: PASSWORD });
    });
    const junk = path.join(tempDir(), 'junk.tar.gz');
    writeFileSync(junk, 'not a backup at all');
    const result = await restore([junk, '--force'], shellEnv(dataDir));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('could not be restored');
    expect(result.stderr).toContain(`back in ${path.join(dataDir, 'db')}`);
    expect(readdirSync(dataDir).sort()).toEqual(['db']);
    expect(await signInOn(dataDir, member)).toEqual({ status: 200, email: member });
  });

  it('keeps an older database as it is in the backup, and restore brings it up to date', async () => {
    // A data directory migrated by an earlier version of the app: every migration but the last.
    const olderMigrations = path.join(tempDir(), 'migrations');
    cpSync(migrationsFolder, olderMigrations, { recursive: true });
    const journalFile = path.join(olderMigrations, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
    const total = journal.entries.length;
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, -1) }));
    const dataDir = path.join(tempDir(), 'data');
    mkdirSync(path.join(dataDir, 'db'), { recursive: true });
    const pglite = new PGlite(path.join(dataDir, 'db'), { extensions: { pg_trgm } });
    await migrate(drizzle(pglite), { migrationsFolder: olderMigrations });
    await pglite.close();

    const file = path.join(tempDir(), 'older.tar.gz');
    const result = await backup([file], shellEnv(dataDir));
    expect(result.code).toBe(0);

    const fresh = path.join(tempDir(), 'data');
    const restored = await restore([file], shellEnv(fresh));
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain('0 accounts (0 admins), 1 migration applied');

    const applied = async (dir: string) => {
      const db = new PGlite(path.join(dir, 'db'));
      try {
        return Number(
          (await db.query<{ n: string }>('SELECT count(*) AS n FROM drizzle.__drizzle_migrations')).rows[0]!
            .n,
        );
      } finally {
        await db.close();
      }
    };
    expect(await applied(dataDir)).toBe(total - 1);
    expect(await applied(fresh)).toBe(total);
  });

  it('prints the pg_dump and pg_restore commands for PostgreSQL, and fails', async () => {
    const env = shellEnv(tempDir(), { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/intergen' });
    const dumped = await backup(['nightly.dump'], env);
    expect(dumped.code).toBe(1);
    expect(dumped.stderr).toContain('pg_dump --format=custom --file=nightly.dump "$DATABASE_URL"');
    const restored = await restore(['nightly.dump'], env);
    expect(restored.code).toBe(1);
    expect(restored.stderr).toContain(
      'pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" nightly.dump',
    );
    expect(dumped.stdout + restored.stdout).not.toContain('Backup written');

    const usage = await restore([], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run restore -- <file> [--force]');
  });
});
