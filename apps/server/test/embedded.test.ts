import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { type Database, databaseTarget, openDatabase } from '../src/db/client.ts';
import { setPasswordHashCost } from '../src/lib/crypto.ts';
import { testConfig } from './helpers.ts';

/*
 * The embedded database as `npm start` opens it (DESIGN.md §1 "Embedded default"): PGlite under DATA_DIR/db in a
 * worker thread, reached through node-postgres, private to the process's user.
 */

/** Every entry under `dir` with its permission bits. */
function modes(dir: string): { entry: string; mode: number; directory: boolean }[] {
  const out: { entry: string; mode: number; directory: boolean }[] = [];
  const walk = (entry: string) => {
    const stat = statSync(entry);
    out.push({ entry, mode: stat.mode & 0o777, directory: stat.isDirectory() });
    if (stat.isDirectory()) for (const name of readdirSync(entry)) walk(path.join(entry, name));
  };
  walk(dir);
  return out;
}

const privateModes = (dir: string) => {
  const all = modes(dir);
  return {
    files: all.filter((e) => !e.directory).length,
    open: all.filter((e) => e.mode !== (e.directory ? 0o700 : 0o600)).map((e) => e.entry),
  };
};

describe('the embedded database of npm start', () => {
  let root: string;
  let database: Database;
  let app: App;
  let base: string;

  beforeAll(async () => {
    setPasswordHashCost('fast');
    root = mkdtempSync(path.join(tmpdir(), 'intergen-embedded-'));
    const config = testConfig({ DATA_DIR: root });
    database = await openDatabase(databaseTarget(config));
    app = await buildApp({ config, database, printMail: () => {}, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    await database.query(
      'CREATE TABLE burst (id serial PRIMARY KEY, writer int NOT NULL, body text NOT NULL)',
    );
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers /api/health quickly while 50 writers save at once', async () => {
    let writing = true;
    const writers = Array.from({ length: 50 }, async (_, writer) => {
      for (let i = 0; i < 10; i++) {
        await database.db.transaction(async (tx) => {
          await tx.execute(
            `INSERT INTO burst (writer, body) SELECT ${writer}, md5(g::text) FROM generate_series(1, 300) g` as never,
          );
        });
      }
    });
    const burst = Promise.all(writers).finally(() => {
      writing = false;
    });
    const waits: number[] = [];
    while (writing) {
      const started = performance.now();
      const response = await fetch(`${base}/api/health`);
      expect(response.status).toBe(200);
      waits.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await burst;
    const [row] = await database.query<{ n: string | number }>('SELECT count(*) AS n FROM burst');
    expect(Number(row?.n)).toBe(50 * 10 * 300);
    // In the main thread, PGlite held the event loop for the whole burst (seconds); a cap for a busy machine.
    expect(waits.length).toBeGreaterThan(1);
    expect(Math.max(...waits)).toBeLessThan(1_000);
  });

  it('keeps each transaction to itself, and a rolled-back one leaves nothing', async () => {
    await database.query('CREATE TABLE counter (n int NOT NULL)');
    await database.query('INSERT INTO counter VALUES (0)');
    await Promise.all(
      Array.from({ length: 20 }, () =>
        database.db.transaction(async (tx) => {
          const { rows } = (await tx.execute('SELECT n FROM counter' as never)) as unknown as {
            rows: { n: number }[];
          };
          const n = Number(rows[0]?.n);
          await tx.execute(`UPDATE counter SET n = ${n + 1}` as never);
        }),
      ),
    );
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute('UPDATE counter SET n = -1' as never);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await database.query('SELECT n FROM counter')).toEqual([{ n: 20 }]);
  });

  it('hears every committed NOTIFY and none of a rolled-back transaction', async () => {
    const heard: string[] = [];
    const stop = await database.listen('embedded_test', (payload) => heard.push(payload));
    await database.query(`SELECT pg_notify('embedded_test', 'one')`);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(`SELECT pg_notify('embedded_test', 'rolled back')` as never);
        throw new Error('no');
      }),
    ).rejects.toThrow();
    await database.db.transaction(async (tx) => {
      await tx.execute(`SELECT pg_notify('embedded_test', 'two')` as never);
    });
    await expect.poll(() => heard).toEqual(['one', 'two']);
    await stop();
    await database.query(`SELECT pg_notify('embedded_test', 'after')`);
    await database.query('SELECT 1');
    expect(heard).toEqual(['one', 'two']);
  });

  it('takes a backup from the live database that opens with what was committed', async () => {
    const tarball = await database.dumpDataDir!();
    const restoreDir = path.join(mkdtempSync(path.join(tmpdir(), 'intergen-embedded-restore-')), 'db');
    const copy = await openDatabase({
      kind: 'pglite',
      dataDir: restoreDir,
      thread: true,
      migrate: false,
      loadDataDir: new Blob([tarball as Uint8Array<ArrayBuffer>], { type: 'application/gzip' }),
    });
    try {
      const [row] = await copy.query<{ n: string | number }>('SELECT count(*) AS n FROM burst');
      expect(Number(row?.n)).toBe(50 * 10 * 300);
    } finally {
      await copy.close();
      rmSync(path.dirname(restoreDir), { recursive: true, force: true });
    }
  });

  it('keeps its folder 0700 and its files 0600, those it made while running too', async () => {
    const dir = path.join(root, 'db');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(privateModes(dir).files).toBeGreaterThan(100);
    await expect.poll(() => privateModes(dir).open).toEqual([]);
  });
});

describe('an embedded database made before its files were private', () => {
  it('is made private when it is opened', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'intergen-embedded-old-'));
    const dir = path.join(root, 'db');
    try {
      const first = await openDatabase({ kind: 'pglite', dataDir: dir, thread: true });
      await first.close();
      // As an install of before: world-writable, as PGlite's own modes and a umask of 0 leave them.
      for (const { entry, directory } of modes(dir)) chmodSync(entry, directory ? 0o777 : 0o666);
      mkdirSync(path.join(dir, 'extra'), { mode: 0o777 });
      writeFileSync(path.join(dir, 'extra', 'note'), 'x', { mode: 0o666 });
      chmodSync(path.join(dir, 'extra', 'note'), 0o666);
      expect(privateModes(dir).open.length).toBeGreaterThan(100);

      const again = await openDatabase({ kind: 'pglite', dataDir: dir, thread: true });
      expect(privateModes(dir).open).toEqual([]);
      await again.query('CREATE TABLE later (id int)');
      await again.query('INSERT INTO later SELECT generate_series(1, 1000)');
      await again.query('CHECKPOINT');
      await again.close();
      expect(privateModes(dir).open).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
