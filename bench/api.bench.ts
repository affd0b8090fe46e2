/**
 * API throughput against a bare Fastify: the requests per second of the dashboard's API
 * calls and of a community page, each divided by those of a bare Fastify hello-world measured on the same machine
 * in the same run (autocannon, 10 connections), with 100,000 published profiles on PostgreSQL. Goals: ≥ 0.15 of
 * the hello-world, p99 ≤ 20 ms.
 *
 * The app runs as production runs it: `apps/server/src/main.ts` (what `npm start` runs) in a process of its own,
 * APP_ENV=production, logging at `info` (the production default) to a file, its outbox worker on. The hello-world
 * (`hello-world.mjs`) is another process. The member is a company signed up through the API (sign-up, the
 * wizard's sections, the e-mailed code, publish) with a dashboard seeded in SQL as the app would have made it:
 * open suggestions, requests received, connections, and their notifications. Each endpoint is measured for a
 * fixed time right after the hello-world, so that whatever else the shared machine does weighs on both; a run
 * with any error or non-2xx answer is a failure, not a result. Then where the time goes (`api.breakdown.ts`).
 *
 * `npm run bench -- api`; `--quick`: 10,000 profiles and 3 s per run. BENCH_API_SECONDS sets the run length,
 * BENCH_EXPERTS the profiles; BENCH_DATABASE_URL names the PostgreSQL server (a database is created and
 * dropped; BENCH_KEEP=1 keeps it). How the numbers are taken: docs/benchmarks.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import {
  type CompanyMatchFacets,
  type ExpertMatchFacets,
  generateCompanies,
  generateExperts,
} from '@intergen/domain';
import autocannon, { type Result } from 'autocannon';
import type { Database } from '../apps/server/src/db/client.ts';
import { validSections } from '../apps/server/test/factories.ts';
import { freePort, repoRoot, shellEnv, stopServer } from '../apps/server/test/processes.ts';
import { breakdown, type Endpoint } from './api.breakdown.ts';
import { api as callApi, verificationCode } from './members.ts';
import { seedData, seedProfiles, withPostgres } from './profiles.ts';
import { int } from './report.ts';

const quick = process.argv.includes('--quick');
const EXPERTS = Number(process.env.BENCH_EXPERTS ?? (quick ? 10_000 : 100_000));
const COMPANIES = quick ? 100 : 1_000;
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? (quick ? 3 : 10));
const WARM_UP_SECONDS = quick ? 1 : 3;
const CONNECTIONS = 10;
/** The member's dashboard: open suggestions, requests received (open), connections (accepted). */
const PER_LIST = 20;
const goals = { ratio: 0.15, p99Ms: 20 };
const APP_URL = 'https://api.intergen.test';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;

/** The dashboard's calls on load (apps/web: lib/session, lib/own-profile, lib/config, the dashboard's cards) and
 * the company's expert community, first page (features/community/api/get-community.ts). */
const endpoints: Endpoint[] = [
  { name: 'session', path: '/api/auth/session' },
  { name: 'own profile', path: '/api/profiles/me' },
  { name: 'config', path: '/api/config' },
  { name: 'suggestions', path: '/api/suggestions' },
  { name: 'connections', path: '/api/connections' },
  { name: 'notifications', path: '/api/notifications' },
  { name: 'community page', path: '/api/matching/experts-for-company?pageSize=9' },
  // References, not goals: what the app's own stack costs without the database (the liveness check) and with
  // trivial round trips (the readiness check: `SELECT 1` and the outbox's oldest due row).
  { name: 'ref: no database', path: '/api/health', reference: true },
  { name: 'ref: 2 queries', path: '/api/ready', reference: true },
];

// The processes

interface Process {
  child: ChildProcess;
  base: string;
  log: string;
}

/** Waits until `ready()` holds (checked every 100 ms), the process exits (an error) or two minutes pass. */
async function until(ready: () => boolean, child: ChildProcess, log: string) {
  const deadline = Date.now() + 120_000;
  while (!ready()) {
    if (child.exitCode !== null)
      throw new Error(`exited with ${child.exitCode}:\n${readFileSync(log, 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`did not start:\n${readFileSync(log, 'utf8')}`);
    await sleep(100);
  }
}

/** Runs a script with its output going to a file (as a production log would), not through a pipe to us. */
function spawnLogged(args: string[], env: NodeJS.ProcessEnv, log: string): ChildProcess {
  const fd = openSync(log, 'a');
  const child = spawn(process.execPath, args, { cwd: repoRoot, env, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  return child;
}

async function startApp(databaseUrl: string, dataDir: string): Promise<Process> {
  const port = await freePort();
  const log = path.join(dataDir, 'app.log');
  const child = spawnLogged(
    ['--import', 'tsx', 'apps/server/src/main.ts'],
    shellEnv(dataDir, {
      APP_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL,
      LOG_LEVEL: 'info',
    }),
    log,
  );
  await until(() => readFileSync(log, 'utf8').includes('InterGen is running at'), child, log);
  return { child, base: `http://127.0.0.1:${port}`, log };
}

async function startHelloWorld(dataDir: string): Promise<Process> {
  const port = await freePort();
  const log = path.join(dataDir, 'hello.log');
  const child = spawnLogged(['bench/hello-world.mjs'], { ...process.env, PORT: String(port) }, log);
  await until(() => readFileSync(log, 'utf8').includes('listening'), child, log);
  return { child, base: `http://127.0.0.1:${port}`, log };
}

async function stop(p: Process) {
  await stopServer(p.child, 15_000);
}

// The member: a company signed up through the API, with a dashboard seeded in SQL

/** A call to the app from its APP_URL (the same-origin check). */
const api = (base: string, member: { cookie: string }, method: string, url: string, body?: unknown) =>
  callApi(base, member, method, url, body, APP_URL);

async function signUpCompany(base: string, database: Database) {
  const email = `api.company.${randomBytes(3).toString('hex')}@bench.example`;
  const member = { id: '', cookie: '' };
  const { user } = await api(base, member, 'POST', '/api/auth/sign-up', {
    name: 'Grace Founder',
    email,
    password: `Sturdy-${randomBytes(6).toString('hex')}`,
    profileType: 'company',
  });
  member.id = user.id;
  for (const [section, body] of Object.entries(validSections.company)) {
    await api(base, member, 'PUT', `/api/profiles/me/sections/${section}`, body);
  }
  await api(base, member, 'POST', '/api/profiles/me/review-reached');
  const code = await verificationCode(database, email);
  await api(base, member, 'POST', '/api/auth/email-verification/verify', { code });
  await api(base, member, 'POST', '/api/profiles/me/submit');
  return member;
}

const message =
  'Hello! We met at the founders breakfast last month.\nI would love to hear how you took your product to a ' +
  'second market; could we talk for half an hour next week?';

/**
 * The company's dashboard among the seeded experts (as `dashboard.bench.ts` seeds it, smaller): PER_LIST open
 * suggestions, PER_LIST requests experts sent (open, unseen), PER_LIST connections (accepted; half asked by the
 * company), contact details of each counterpart, and the notifications the app would have made.
 */
async function seedDashboard(database: Database, companyId: string, expertIds: string[]) {
  const ids = expertIds.slice(0, PER_LIST * 3);
  await database.query(
    `INSERT INTO contact_info (user_id, email, phone, linkedin)
     SELECT id, id || '@bench.example', '5551234567', 'https://www.linkedin.com/in/' || id FROM unnest($1::text[]) AS t(id)`,
    [ids],
  );
  await database.query(
    `INSERT INTO match_suggestions (id, expert_id, company_id, created_by, request_sent, request_sent_at, deal_id, created_at)
     SELECT 'bench-' || e || '-' || $2, e, $2, 'bench', ord > $3, CASE WHEN ord > $3 THEN now() - ord * interval '1 hour' END,
       CASE WHEN ord > $3 THEN 'deal-' || ord END, now() - ord * interval '1 hour'
     FROM unnest($1::text[]) WITH ORDINALITY AS t(e, ord)`,
    [ids, companyId, PER_LIST],
  );
  await database.query(
    `INSERT INTO connection_requests (id, expert_id, company_id, requested_by, message, seen, accepted, request_sent_at, connected_on)
     SELECT 'bench-' || e || '-' || $2, e, $2,
       CASE WHEN ord <= $4 OR ord % 2 = 0 THEN 'expert' ELSE 'venture' END,
       $3, ord > $4, ord > $4, now() - ord * interval '1 hour',
       CASE WHEN ord > $4 THEN now() - (ord - $4) * interval '1 day' END
     FROM unnest($1::text[]) WITH ORDINALITY AS t(e, ord)`,
    [ids.slice(PER_LIST), companyId, message, PER_LIST],
  );
  await database.query(
    `INSERT INTO notifications (id, user_id, kind, suggestion_id, request_id, counterpart_id, message, created_at)
     SELECT 'bench-n-' || s.id, $1, k.kind, s.id, r.id, s.expert_id, r.message, s.created_at
     FROM match_suggestions s
     LEFT JOIN connection_requests r ON r.id = s.id
     CROSS JOIN LATERAL (SELECT CASE
       WHEN r.id IS NULL THEN NULL
       WHEN NOT r.accepted THEN 'request_received'
       WHEN r.requested_by = 'venture' THEN 'request_accepted' END AS kind) k
     WHERE s.company_id = $1 AND k.kind IS NOT NULL`,
    [companyId],
  );
  await database.query('VACUUM ANALYZE');
}

// Measuring

async function run(url: string, seconds: number, cookie?: string): Promise<Result> {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

const failures = (r: Result) => r.errors + r.timeouts + r.non2xx;

async function measure(database: Database, databaseUrl: string) {
  const [version] = await database.query<{ server_version: string }>('SHOW server_version');
  console.log(
    `Node ${process.version}, ${cpus()[0]?.model ?? 'CPU'} × ${cpus().length}, load average ${loadavg()[0]!.toFixed(2)} at the start, PostgreSQL ${version?.server_version}`,
  );
  console.log(
    `${int(EXPERTS)} published experts and ${int(COMPANIES)} companies; autocannon, ${CONNECTIONS} connections, ` +
      `${SECONDS} s per run, the hello-world right before each endpoint\n`,
  );
  const dataDir = mkdtempSync(path.join(tmpdir(), 'intergen-api-'));
  let app: Process | null = null;
  let hello: Process | null = null;
  let failed = false;
  try {
    let t = performance.now();
    const experts = seedData<ExpertMatchFacets>('e', generateExperts(EXPERTS, 41), 42);
    const companies = seedData<CompanyMatchFacets>('c', generateCompanies(COMPANIES, 43), 44);
    await seedProfiles(database, experts, companies);
    console.log(`   seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    t = performance.now();
    [app, hello] = await Promise.all([startApp(databaseUrl, dataDir), startHelloWorld(dataDir)]);
    console.log(`   app and hello-world started in ${ms(performance.now() - t)}`);
    const member = await signUpCompany(app.base, database);
    await seedDashboard(database, member.id, experts.ids);
    const sizes: string[] = [];
    for (const endpoint of endpoints) {
      const response = await fetch(`${app.base}${endpoint.path}`, { headers: { cookie: member.cookie } });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${endpoint.path} answered ${response.status}: ${body}`);
      sizes.push(`${endpoint.name} ${int(body.length)} B`);
    }
    console.log(`   a company signed up through the API; its answers: ${sizes.join(', ')}\n`);

    // Warm-up: every route once under load (JIT, the pools, PostgreSQL's caches), and the hello-world.
    await run(`${hello.base}/`, WARM_UP_SECONDS);
    for (const endpoint of endpoints)
      await run(`${app.base}${endpoint.path}`, WARM_UP_SECONDS, member.cookie);

    console.log(
      `   ${'endpoint'.padEnd(16)}${'hello rps'.padStart(11)}${'app rps'.padStart(10)}${'ratio'.padStart(8)}` +
        `${'p50'.padStart(9)}${'p99'.padStart(9)}${'errors'.padStart(8)}   goal ≥ ${goals.ratio}, p99 ≤ ${goals.p99Ms} ms`,
    );
    const results: { name: string; ok: boolean }[] = [];
    let errors = 0;
    for (const endpoint of endpoints) {
      const base = await run(`${hello.base}/`, SECONDS);
      const r = await run(`${app.base}${endpoint.path}`, SECONDS, member.cookie);
      const ratio = r.requests.average / base.requests.average;
      const failedRequests = failures(r) + failures(base);
      errors += failedRequests;
      const ok = failedRequests === 0 && ratio >= goals.ratio && r.latency.p99 <= goals.p99Ms;
      if (!endpoint.reference) results.push({ name: endpoint.name, ok });
      console.log(
        `   ${endpoint.name.padEnd(16)}${int(base.requests.average).padStart(11)}${int(r.requests.average).padStart(10)}` +
          `${ratio.toFixed(3).padStart(8)}${ms(r.latency.p50).padStart(9)}${ms(r.latency.p99).padStart(9)}` +
          `${String(failedRequests).padStart(8)}   ${endpoint.reference ? '(reference)' : ok ? '✓ pass' : '✗ FAIL'}`,
      );
    }
    console.log(`\n   load average ${loadavg()[0]!.toFixed(2)} at the end`);
    const missed = results.filter((r) => !r.ok);
    console.log(
      missed.length === 0
        ? `All ${results.length} goals met ✓`
        : `${missed.length} of ${results.length} goals missed: ${missed.map((r) => r.name).join(', ')} ✗`,
    );
    if (errors > 0) {
      console.log(`\n${errors} requests failed: the run is a failure. The app said:\n`);
      console.log(
        readFileSync(app.log, 'utf8')
          .split('\n')
          .filter((l) => !l.includes('"level":30'))
          .slice(-40)
          .join('\n'),
      );
      failed = true;
    }

    await stop(hello);
    await stop(app);
    // Where the time goes: the same routes in this process, one request at a time.
    console.log(
      '\nWhere the time goes (one request at a time, medians of 300 after 100 warm-up; ms; inside the server):\n',
    );
    const phases = await breakdown({
      databaseUrl,
      dataDir,
      appUrl: APP_URL,
      cookie: member.cookie,
      endpoints,
      requests: 300,
      warmUp: 100,
    });
    console.log(
      `   ${'endpoint'.padEnd(16)}${'total'.padStart(8)}${'session'.padStart(10)}${'handler'.padStart(10)}` +
        `${'(queries)'.padStart(14)}${'serialise'.padStart(11)}${'rest'.padStart(8)}${'bytes'.padStart(9)}`,
    );
    for (const [name, p] of phases) {
      console.log(
        `   ${name.padEnd(16)}${p.total.toFixed(2).padStart(8)}` +
          `${`${p.session.toFixed(2)} ${p.sessionQueries}q`.padStart(10)}${p.handler.toFixed(2).padStart(10)}` +
          `${`${p.handlerQueryMs.toFixed(2)} ${p.handlerQueries}q`.padStart(14)}${p.serialise.toFixed(2).padStart(11)}` +
          `${p.rest.toFixed(2).padStart(8)}${int(p.bytes).padStart(9)}`,
      );
    }
    console.log(
      '\n   session: the cookie → the user (Nq: round trips); handler: the route (its queries: time waiting for them, round trips);\n' +
        '   serialise: the response schema and JSON; rest: routing, hooks (helmet, cookies, origin), the log lines, writing',
    );
  } finally {
    if (hello) await stop(hello);
    if (app) await stop(app);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return failed;
}

const failed = await withPostgres((database, url) => measure(database, url), { prefix: 'intergen_api' });
if (failed !== false) process.exit(1);
