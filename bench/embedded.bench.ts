/**
 * The embedded database under a burst of writes, in the main thread (PGlite in-process, as before) and in a
 * worker thread (as `npm start` runs it now), side by side in one run: the real app listening on a port, 50
 * writers each saving in a loop (a transaction of an insert and an update, as a member's save is), and
 * `GET /api/health` asked every 10 ms meanwhile over HTTP. Prints the health answer's p50/p99/worst during the
 * burst and the saves per second.
 *
 * `npm run bench -- embedded` (or `node --import tsx bench/embedded.bench.ts`). `--quick`: 10 saves a writer
 * instead of 40. How the numbers are taken: docs/benchmarks.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createReport, int, median, percentile } from './report.ts';

const WRITERS = 50;
const SAVES = process.argv.includes('--quick') ? 10 : 40;
const HEALTH_GOAL_MS = 100;

interface Run {
  label: string;
  health: number[];
  savesPerSecond: number;
}

async function measure(thread: boolean): Promise<Run> {
  const root = mkdtempSync(path.join(tmpdir(), 'intergen-bench-embedded-'));
  const config = loadConfig({ DATA_DIR: root, LOG_LEVEL: 'silent', RATE_LIMIT_MULTIPLIER: '1000' });
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(root, 'db'), thread });
  const app = await buildApp({ config, database, printMail: () => {}, logger: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    await database.query(
      'CREATE TABLE bench_saves (id serial PRIMARY KEY, writer int NOT NULL, body text NOT NULL)',
    );
    await database.query('CREATE TABLE bench_counts (writer int PRIMARY KEY, saves int NOT NULL)');
    await database.query(`INSERT INTO bench_counts SELECT g, 0 FROM generate_series(0, ${WRITERS - 1}) g`);
    // Warm-up: the first request and statement of each kind.
    await fetch(`${base}/api/health`);
    let writing = true;
    const started = performance.now();
    const writers = Array.from({ length: WRITERS }, async (_, writer) => {
      for (let i = 0; i < SAVES; i++) {
        await database.db.transaction(async (tx) => {
          await tx.execute(
            sql`INSERT INTO bench_saves (writer, body) VALUES (${writer}, ${'x'.repeat(2_000)})`,
          );
          await tx.execute(sql`UPDATE bench_counts SET saves = saves + 1 WHERE writer = ${writer}`);
        });
      }
    });
    const burst = Promise.all(writers).finally(() => {
      writing = false;
    });
    const health: number[] = [];
    while (writing) {
      const asked = performance.now();
      await (await fetch(`${base}/api/health`)).arrayBuffer();
      health.push(performance.now() - asked);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await burst;
    const seconds = (performance.now() - started) / 1000;
    return {
      label: thread ? 'worker thread (npm start)' : 'main thread (before)',
      health,
      savesPerSecond: (WRITERS * SAVES) / seconds,
    };
  } finally {
    await app.close();
    await database.close();
    rmSync(root, { recursive: true, force: true });
  }
}

console.log(
  `Embedded database: ${WRITERS} writers × ${SAVES} saves, /api/health every 10 ms meanwhile ` +
    `(${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)})\n`,
);
const runs = [await measure(false), await measure(true)];
const report = createReport({ label: 44, value: 12 });
for (const run of runs) {
  const p99 = percentile(run.health, 0.99);
  const after = run === runs[1];
  console.log(` ${run.label}`);
  report.row('/api/health answers during the burst', int(run.health.length));
  report.row('/api/health p50 (ms)', median(run.health).toFixed(1));
  report.row(
    '/api/health p99 (ms)',
    p99.toFixed(1),
    after
      ? { text: `≤ ${HEALTH_GOAL_MS} ms`, ok: p99 <= HEALTH_GOAL_MS, name: 'health p99 (worker)' }
      : undefined,
  );
  report.row('/api/health worst (ms)', Math.max(...run.health).toFixed(1));
  report.row('saves per second', int(run.savesPerSecond));
}
report.row('saves/s worker ÷ main thread', (runs[1]!.savesPerSecond / runs[0]!.savesPerSecond).toFixed(2));
report.summary();
