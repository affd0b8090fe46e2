/**
 * Publish → suggestions, end to end, with 100,000 counterparts on PostgreSQL: the real app (`buildApp`) with its
 * outbox worker running, companies signing up, filling their profile and publishing through the HTTP routes
 * (`app.inject`), and the time from the publish's answer (its transaction has committed) until
 * `GET /api/suggestions` shows them. Also: the memory of matching's packed counterparts per 100,000 profiles,
 * and the admin's full re-score (a `matching.run` through the same worker): time, peak memory, rows written —
 * three times: storing the strong pairs, with nothing changed, and after 1 % of the experts changed; the bytes a
 * stored score takes; the admin's Scores list over them (`admin-scores.ts`). How the numbers are taken: docs/benchmarks.md.
 * `npm run bench -- publish`; `--quick` (or BENCH_QUICK=1) skips the in-memory 100,000 × 100,000 kernel pass. Environment:
 * BENCH_DATABASE_URL (another PostgreSQL server), BENCH_PUBLISHES (timed publishes, default 10),
 * BENCH_BATCH_COMPANIES (published companies seeded for the batch, default 20).
 */
import { cpus, loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  type CompanyMatchFacets,
  type ExpertMatchFacets,
  generateCompanies,
  generateExperts,
  packCompanies,
  packExperts,
  scoreAll,
} from '@intergen/domain';
import { type App, buildApp } from '../apps/server/src/app.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { memberChangesChannel } from '../apps/server/src/modules/events/events.ts';
import { CounterpartStore } from '../apps/server/src/modules/matching/counterparts.ts';
import { fill, type Member, signUpMember } from '../apps/server/test/factories.ts';
import { codeIn, testConfig } from '../apps/server/test/helpers.ts';
import { measureAdminScores } from './admin-scores.ts';
import { seedData, seedProfiles, withPostgres } from './profiles.ts';
import { createReport, int, median, percentile } from './report.ts';

const EXPERTS = Number(process.env.BENCH_EXPERTS ?? 100_000);
const BATCH_COMPANIES = Number(process.env.BENCH_BATCH_COMPANIES ?? 20);
const PUBLISHES = Number(process.env.BENCH_PUBLISHES ?? 10);
const QUICK = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';
const goals = { visibleMs: 1_000 };

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const { row, summary } = createReport({ label: 44, value: 14 });
const now = () => Number(process.hrtime.bigint()) / 1e6;
const sleep = (n: number) => new Promise((resolve) => setTimeout(resolve, n));

const experts = seedData<ExpertMatchFacets>('e', generateExperts(EXPERTS, 21), 22);
const companies = seedData<CompanyMatchFacets>('c', generateCompanies(BATCH_COMPANIES, 23), 24);

/** Samples the process's memory every 50 ms while `work` runs; the peaks of rss and heap. */
async function peakMemory<T>(work: () => Promise<T>): Promise<[T, { rss: number; heap: number }]> {
  const peak = { rss: 0, heap: 0 };
  const sample = () => {
    const m = process.memoryUsage();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heap = Math.max(peak.heap, m.heapUsed + m.arrayBuffers);
  };
  sample();
  const timer = setInterval(sample, 50);
  try {
    return [await work(), peak];
  } finally {
    clearInterval(timer);
    sample();
  }
}

/** Waits until the outbox has nothing pending (the worker is idle); a row retrying or dead is an error. */
async function outboxIdle(database: Database): Promise<void> {
  for (const started = now(); now() - started < 300_000; await sleep(20)) {
    const [r] = await database.query<{ n: number; failed: string | null }>(
      `SELECT count(*) FILTER (WHERE status = 'pending')::int AS n,
         max(last_error) FILTER (WHERE status <> 'done' AND attempts > 0) AS failed FROM outbox`,
    );
    if (r!.failed) throw new Error(`an outbox job failed: ${r!.failed}`);
    if (Number(r!.n) === 0) return;
  }
  throw new Error('the outbox is still busy after 300 s');
}

/** The member's last matching job: from its publishing transaction to done, by the database's clock. */
async function matchingJobMs(database: Database, memberId: string): Promise<number> {
  const [r] = await database.query<{ ms: number }>(
    `SELECT extract(epoch FROM processed_at - created_at) * 1000 AS ms FROM outbox
     WHERE topic = 'matching.profile' AND payload->'payload'->>'profileId' = $1 ORDER BY id DESC LIMIT 1`,
    [memberId],
  );
  return Number(r!.ms);
}

/**
 * A company signed up, its e-mail verified with the mailed code, then its profile filled up to the review step:
 * ready to publish. (Verified after the review step, the verification itself would publish it.)
 */
async function readyCompany(app: App, database: Database, i: number): Promise<Member> {
  const member = await signUpMember(app, 'company', `Bench Company ${i}`);
  for (;;) {
    const [mail] = await database.query<{ text: string }>(
      `SELECT text FROM mailbox WHERE "to" = $1 AND subject LIKE 'Verify%' ORDER BY created_at DESC LIMIT 1`,
      [member.email],
    );
    if (mail) {
      const verified = await member.client.post('/api/auth/email-verification/verify', {
        code: codeIn(mail.text),
      });
      if (verified.statusCode !== 200) throw new Error(`verify: ${verified.statusCode} ${verified.body}`);
      break;
    }
    await sleep(20);
  }
  await fill(app, member);
  const [row] = await database.query<{ published: boolean }>(
    'SELECT profile_published AS published FROM companies WHERE id = $1',
    [member.id],
  );
  if (row?.published) throw new Error('the company was published before its publish');
  return member;
}

interface Publish {
  postMs: number;
  visibleMs: number;
  /** From sending the POST until the GET shows suggestions (the request's own time included). */
  sentToVisibleMs: number;
  /** From the publishing transaction's start (its outbox row's created_at, the database's clock) until shown. */
  txToVisibleMs: number;
  jobMs: number;
  shown: number;
  syncMs: number;
}

/** One publish: the POST, then GET /api/suggestions every 5 ms until it shows some; then the job's end. */
async function publishOnce(app: App, database: Database, member: Member): Promise<Publish> {
  const start = now();
  const response = await member.client.post('/api/profiles/me/submit');
  if (response.statusCode !== 200) throw new Error(`submit: ${response.statusCode} ${response.body}`);
  if (!response.json().profile.profilePublished) throw new Error(`not published: ${response.body}`);
  const committed = now();
  let shown = 0;
  while (shown === 0) {
    const list = await member.client.get('/api/suggestions');
    shown = list.json().suggestions.length;
    if (shown === 0) await sleep(5);
    if (now() - committed > 60_000) throw new Error('no suggestions after 60 s');
  }
  const visible = now();
  const visibleWall = Date.now();
  await outboxIdle(database);
  const [tx] = await database.query<{ at: number }>(
    `SELECT extract(epoch FROM created_at) * 1000 AS at FROM outbox
     WHERE topic = 'matching.profile' AND payload->'payload'->>'profileId' = $1 ORDER BY id DESC LIMIT 1`,
    [member.id],
  );
  return {
    postMs: committed - start,
    visibleMs: visible - committed,
    sentToVisibleMs: visible - start,
    txToVisibleMs: visibleWall - Number(tx!.at),
    jobMs: await matchingJobMs(database, member.id),
    shown,
    syncMs: app.services.matching.counterparts.stats.lastSyncMs,
  };
}

/**
 * What a freshly loaded store adds, after a full GC on either side, for three stores loaded one after another
 * (median): the V8 heap (ids and objects) and the array buffers (the store's typed arrays, but also whatever
 * buffers the database driver keeps), and the store's own count of its words and ids.
 */
async function storeMemory(database: Database) {
  const stores: CounterpartStore[] = [];
  const heap: number[] = [];
  const buffers: number[] = [];
  const loads: number[] = [];
  for (let i = 0; i < 3; i++) {
    gc();
    const before = process.memoryUsage();
    const store = new CounterpartStore(database);
    const loadStart = now();
    await store.sync();
    loads.push(now() - loadStart);
    gc();
    const after = process.memoryUsage();
    heap.push(after.heapUsed - before.heapUsed);
    buffers.push(after.arrayBuffers - before.arrayBuffers);
    stores.push(store);
  }
  return {
    loadMs: median(loads),
    heap: median(heap),
    buffers: median(buffers),
    estimate: stores[0]!.footprint(),
  };
}

/** Experts changed in SQL before the third run (a bonus answer flipped), announced as the app announces changes. */
const changedExperts = Math.max(1, Math.round(EXPERTS / 100));
/** Table + index bytes per stored score, measured in section 3 (for section 4's estimate). */
let bytesPerScore = 0;

async function changeExperts(database: Database, n: number): Promise<void> {
  await database.query(
    `WITH changed AS (
       UPDATE experts SET board_opportunities = CASE WHEN board_opportunities = 'yes' THEN 'no' ELSE 'yes' END
       WHERE id = ANY($1::text[]) RETURNING id)
     SELECT pg_notify('${memberChangesChannel}', id) FROM changed`,
    [experts.ids.slice(0, n)],
  );
}

async function fullRun(app: App, adminId: string) {
  const matching = app.services.matching;
  gc();
  const base = process.memoryUsage();
  const start = now();
  const [run, peak] = await peakMemory(async () => {
    const { run } = await matching.startRun(adminId);
    for (;;) {
      const latest = await matching.latestRun();
      if (latest?.id === run.id && (latest.status === 'done' || latest.status === 'failed')) return latest;
      await sleep(50);
    }
  });
  return { run, ms: now() - start, peak, base: { rss: base.rss, heap: base.heapUsed + base.arrayBuffers } };
}

async function measure(database: Database) {
  const seedStart = now();
  await seedProfiles(database, experts, companies);
  row(`seeding ${int(EXPERTS)} experts + ${int(BATCH_COMPANIES)} companies`, ms(now() - seedStart));

  const app = await buildApp({ config: testConfig(), database, printMail: () => {}, logger: false });
  await app.ready();
  app.worker.start();
  try {
    console.log(`\n1. Publish → suggestions visible (a company, against ${int(EXPERTS)} published experts)`);
    const members: Member[] = [];
    for (let i = 0; i <= PUBLISHES; i++) members.push(await readyCompany(app, database, i));
    await outboxIdle(database);
    const first = await publishOnce(app, database, members[0]!);
    row(
      'first publish: POST sent → visible',
      ms(first.sentToVisibleMs),
      undefined,
      `loads the store; its matching job done in ${ms(first.jobMs)}`,
    );
    const runs: Publish[] = [];
    for (const member of members.slice(1)) runs.push(await publishOnce(app, database, member));
    const judged = (label: string, values: number[], name: string) =>
      row(
        label,
        ms(median(values)),
        {
          text: `≤ ${int(goals.visibleMs)} ms`,
          ok: percentile(values, 1) <= goals.visibleMs,
          name,
        },
        `median of ${values.length}; worst ${ms(percentile(values, 1))}`,
      );
    judged(
      'POST sent → suggestions visible',
      runs.map((r) => r.sentToVisibleMs),
      'sent → visible (worst)',
    );
    judged(
      'publish tx start → visible (DB clock)',
      runs.map((r) => r.txToVisibleMs),
      'tx → visible (worst)',
    );
    row(
      '  POST answered → visible',
      ms(median(runs.map((r) => r.visibleMs))),
      undefined,
      `median; ${runs[0]!.shown} suggestions shown`,
    );
    row('  the POST itself', ms(median(runs.map((r) => r.postMs))), undefined, 'median');
    row(
      '  the store made current (sync)',
      ms(median(runs.map((r) => r.syncMs))),
      undefined,
      'marker + the changed members, median',
    );
    const jobs = runs.map((r) => r.jobMs);
    row(
      `matching job: publish → done (${int(EXPERTS)} scored)`,
      ms(median(jobs)),
      undefined,
      `worst ${ms(percentile(jobs, 1))}; suggestions come first`,
    );
    const stats = app.services.matching.counterparts.stats;
    row('full loads / members read again', `${stats.fullLoads} / ${stats.membersRead}`);

    console.log('\n2. Memory of the packed counterparts');
    const { loadMs, heap, buffers, estimate } = await storeMemory(database);
    const per100k = (bytes: number) => mib((bytes / estimate.profiles) * 100_000);
    row(`loading ${int(estimate.profiles)} profiles from the database`, ms(loadMs), undefined, 'median of 3');
    row(
      'V8 heap added (measured)',
      mib(heap),
      undefined,
      `${per100k(heap)} per 100,000 profiles; median of 3`,
    );
    row('array buffers added (measured)', mib(buffers), undefined, 'typed arrays + driver buffers');
    row('  packed words (typed arrays, counted)', mib(estimate.packedBytes), undefined, 'with room to grow');
    row(
      '  ids (strings and array slots, counted)',
      mib(estimate.idBytes),
      undefined,
      `${per100k(estimate.packedBytes + estimate.idBytes)} per 100,000 profiles, words + ids`,
    );

    console.log(
      `\n3. Full re-score: ${int(EXPERTS)} experts × ${int(companies.ids.length + members.length)} companies, on PostgreSQL`,
    );
    await app.services.auth.createAdmin('admin@bench.example');
    const [admin] = await database.query<{ id: string }>(
      `SELECT id FROM users WHERE email = 'admin@bench.example'`,
    );
    const batches: [string, () => Promise<void>][] = [
      ['first run (stores the strong pairs)', async () => {}],
      ['second run (nothing changed)', async () => {}],
      [`third run (${int(changedExperts)} experts changed)`, () => changeExperts(database, changedExperts)],
    ];
    for (const [label, before] of batches) {
      await before();
      const { run, ms: took, peak, base } = await fullRun(app, admin!.id);
      row(
        label,
        ms(took),
        undefined,
        `${run.status}; ${int(run.pairs)} pairs, ${int(run.written)} rows written; ` +
          `${((run.pairs / took) * 1000).toFixed(0)} pairs/s`,
      );
      row(
        '  memory: peak rss, heap (before the run)',
        mib(peak.rss),
        undefined,
        `(${mib(base.rss)}); heap + buffers ${mib(peak.heap)} (${mib(base.heap)}, after a full GC)`,
      );
    }
    const [stored] = await database.query<{
      rows: string;
      bytes: string;
      digests: string;
      digestBytes: string;
    }>(
      `SELECT (SELECT count(*) FROM match_scores)::text AS rows,
              pg_total_relation_size('match_scores')::text AS bytes,
              (SELECT count(*) FROM match_score_digests)::text AS digests,
              pg_total_relation_size('match_score_digests')::text AS "digestBytes"`,
    );
    bytesPerScore = Number(stored!.bytes) / Math.max(1, Number(stored!.rows));
    const pairs = EXPERTS * (companies.ids.length + members.length);
    row(
      'stored scores (pairs ≥ 80)',
      int(Number(stored!.rows)),
      undefined,
      `${((Number(stored!.rows) / pairs) * 100).toFixed(2)} % of the pairs; ` +
        `${mib(Number(stored!.bytes))} with indexes, ${bytesPerScore.toFixed(0)} bytes a row`,
    );
    row(
      '  digests (one an expert)',
      int(Number(stored!.digests)),
      undefined,
      `${mib(Number(stored!.digestBytes))} with their index: what a run with nothing changed reads`,
    );

    console.log(`\n4. The admin's Scores list over these ${int(Number(stored!.rows))} scores`);
    await measureAdminScores(database, row);
  } finally {
    await app.close();
  }
}

/** The kernel part of a 100,000 × 100,000 re-score, in memory on one core: what no database can store. */
function fullKernelPass() {
  const packedExperts = packExperts(experts.facets);
  const packedCompanies = packCompanies(generateCompanies(EXPERTS, 25));
  let strong = 0;
  const start = now();
  scoreAll(packedExperts, packedCompanies, (_, scores) => {
    for (let c = 0; c < scores.length; c++) strong += scores[c]! >= 80 ? 1 : 0;
  });
  const took = now() - start;
  const rate = (EXPERTS * EXPERTS) / (took / 1000) / 1e6;
  row(
    `${int(EXPERTS)} × ${int(EXPERTS)} pairs, scoreAll + count ≥ 80`,
    ms(took),
    undefined,
    `${rate.toFixed(0)} M pairs/s; ${int(strong)} pairs ≥ 80; rss ${mib(process.memoryUsage().rss)}`,
  );
  if (bytesPerScore > 0) {
    row(
      "  their rows, at section 3's bytes a row",
      `${((strong * bytesPerScore) / 2 ** 30).toFixed(1)} GiB`,
      undefined,
      `what storing them would take; every pair: ${((EXPERTS * EXPERTS * bytesPerScore) / 2 ** 40).toFixed(1)} TiB`,
    );
  }
}

console.log(
  `Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}, ` +
    `load average ${loadavg()[0]!.toFixed(2)}`,
);
console.log('PostgreSQL: a fresh database; the app with its outbox worker running in this process\n');
await withPostgres((database) => measure(database));
if (!QUICK) {
  console.log('\n5. The kernel alone over every pair of 100,000 × 100,000 (in memory, one core)');
  fullKernelPass();
}
console.log(`\nPeak memory (maxRSS): ${mib(process.resourceUsage().maxRSS * 1024)}`);
summary();
