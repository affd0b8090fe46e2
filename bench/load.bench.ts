/**
 * Load on two instances (the scale-out proof): two `npm start` processes (apps/server/src/main.ts), each
 * with its outbox worker, on one fresh PostgreSQL database, behind no proxy but told they are (each simulated
 * member has an address of its own in X-Forwarded-For, so the production rate limits apply per member). The
 * database holds a community of published profiles and 200 members who can sign in: half companies, half
 * experts, each company with 8 suggestions of experts. The 200 members arrive at an even pace over 40 s, spread
 * over both instances (half of a company's suggested experts use the other instance), and each acts for 60 s after
 * signing in: sign in, open the live stream, load the dashboard (its six API calls at once, as the browser does),
 * open a community page, and send (companies) or accept (experts) connection requests, with 1–4 s of thinking
 * between actions; a `connections` change on the live stream makes the member's browser refetch its requests.
 *
 * Printed: requests, errors (goal 0) and p50/p99/max per call kind; live changes received; the outbox after
 * the run (every row done, each claimed once: two workers shared one queue); each server's peak memory and how
 * long its graceful shutdown took with the streams still open. Exits non-zero on any error.
 *
 * `npm run bench -- load` (or `node --import tsx bench/load.bench.ts`). `--quick`: 60 members arriving over 10 s,
 * 20 s each, and a smaller community. BENCH_LOAD_MEMBERS, BENCH_LOAD_SECONDS and BENCH_LOAD_ARRIVAL_SECONDS
 * override; BENCH_DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres;
 * a database is created and dropped); BENCH_LOAD_SESSION_CACHE=false turns the instances' session cache (and the
 * kept lists it holds) off. How the numbers are taken: docs/benchmarks.md.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { generateCompanies, generateExperts, seededRandom } from '@intergen/domain';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { hashPassword, hashToken, randomToken } from '../apps/server/src/lib/crypto.ts';
import { freePort, shellEnv } from '../apps/server/test/processes.ts';
import { startProcess } from '../apps/server/test/scale-out.support.ts';
import { type Accounts, adminUrl, seedData, seedProfiles } from './profiles.ts';
import { createReport, int, percentile } from './report.ts';

// Size and options

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const MEMBERS = Number(process.env.BENCH_LOAD_MEMBERS ?? (quick ? 60 : 200));
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? (quick ? 20 : 60));
/**
 * Members arrive at an even pace over this long, each then active for SECONDS. A sign-in is one scrypt at the
 * production cost (N = 2^15, r = 8, p = 3: 150–330 ms of a core here) and an instance hashes two at a time, with at
 * most 32 waiting (then 503): 200 sign-ins in 30 or 40 s asked more than two cores have (docs/benchmarks.md).
 */
const ARRIVAL_MS = Number(process.env.BENCH_LOAD_ARRIVAL_SECONDS ?? (quick ? 10 : 40)) * 1000;
/**
 * The share of members who sign in with their password; the others come back with the session their browser kept
 * (sessions last days), made in the seed.
 */
const SIGN_IN_SHARE = Number(process.env.BENCH_LOAD_SIGN_IN_SHARE ?? 0.25);
const THINK_MS = [1000, 4000] as const;
const SUGGESTIONS_PER_COMPANY = 8;
/** The community around the simulated members: published experts and companies nobody signs in as. */
const COMMUNITY = quick ? { experts: 2_000, companies: 500 } : { experts: 20_000, companies: 5_000 };
const PASSWORD = 'correct-horse-7';
const APP_URL = 'http://load.intergen.test';
if (!Number.isInteger(MEMBERS) || MEMBERS < 4 || MEMBERS % 2)
  throw new Error('BENCH_LOAD_MEMBERS: an even number ≥ 4');
if (!(SECONDS >= 5)) throw new Error('BENCH_LOAD_SECONDS must be at least 5');
const COMPANIES = MEMBERS / 2;
const EXPERTS = MEMBERS / 2;

const random = seededRandom(15);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (n: number) => (n >= 10_000 ? `${(n / 1000).toFixed(1)} s` : `${n.toFixed(n < 10 ? 1 : 0)} ms`);

// The database: one fresh PostgreSQL database, seeded with SQL (as the other benchmarks do)

/** A kind's profiles: the first `simulated` are the members who use the app, with known e-mails and a password. */
function people<F>(kind: 'expert' | 'company', facets: F[], simulated: number, passwordHash: string) {
  const data = seedData(kind === 'expert' ? 'e' : 'c', facets, kind === 'expert' ? 31 : 32);
  const accounts: Accounts = {
    emails: data.ids.map((id, i) =>
      i < simulated ? `load.${kind}.${i}@bench.example` : `${id}@bench.example`,
    ),
    passwordHash,
    withPassword: simulated,
  };
  return { data, accounts };
}

async function seed(database: Database, passwordHash: string) {
  const experts = people('expert', generateExperts(COMMUNITY.experts + EXPERTS, 21), EXPERTS, passwordHash);
  const companies = people(
    'company',
    generateCompanies(COMMUNITY.companies + COMPANIES, 22),
    COMPANIES,
    passwordHash,
  );
  await seedProfiles(database, experts.data, companies.data, {
    expert: experts.accounts,
    company: companies.accounts,
  });
  // Each simulated company: suggestions of 8 simulated experts (the company c and the experts 7c + 13j).
  const pairs: [string, string][] = [];
  for (let c = 0; c < COMPANIES; c++) {
    for (let j = 0; j < SUGGESTIONS_PER_COMPANY; j++) {
      pairs.push([experts.data.ids[(7 * c + 13 * j) % EXPERTS]!, companies.data.ids[c]!]);
    }
  }
  await database.query(
    `INSERT INTO match_suggestions (id, expert_id, company_id, created_by)
     SELECT gen_random_uuid()::text, e, c, 'bench' FROM unnest($1::text[], $2::text[]) AS t(e, c)
     ON CONFLICT DO NOTHING`,
    [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
  );
  await database.query('VACUUM ANALYZE');
}

// The two instances: `npm start` processes on the same database

interface Server {
  name: string;
  child: ChildProcess;
  base: string;
  output: () => string;
}

async function startInstance(name: string, databaseUrl: string, dataDir: string): Promise<Server> {
  const port = await freePort();
  const { child, output } = await startProcess(
    shellEnv(dataDir, {
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL,
      TRUST_PROXY_HOPS: '1',
      COMMUNITY_TAB: 'true',
      LOG_LEVEL: 'warn',
      // The session cache as production has it (on by default there), each instance dropping entries on the
      // other's changes: the two instances are what its LISTEN/NOTIFY is for. BENCH_LOAD_SESSION_CACHE=false
      // runs without it (bench/session-cache.bench.ts compares the two).
      SESSION_CACHE: process.env.BENCH_LOAD_SESSION_CACHE ?? 'true',
      // BENCH_LOAD_KEPT_LISTS=false keeps the sessions but not the lists (the third run of session-cache.bench.ts).
      KEPT_LISTS: process.env.BENCH_LOAD_KEPT_LISTS ?? 'true',
    }),
  );
  return { name, child, base: `http://127.0.0.1:${port}`, output };
}

/** The process's peak resident memory (Linux), in MiB. */
function peakMiB(pid: number | undefined): string {
  try {
    const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return `${Math.round(kb / 1024)} MiB`;
  } catch {
    return '?';
  }
}

// Measurements

const kinds = [
  'sign-in',
  'session',
  'profile',
  'config',
  'suggestions',
  'connections',
  'notifications',
  'community',
  'send request',
  'accept request',
] as const;
type Kind = (typeof kinds)[number];
const timings = new Map<Kind, number[]>(kinds.map((k) => [k, []]));
const errors = new Map<Kind | 'events', string[]>();
const live = { streams: 0, changes: 0, connectionChanges: 0, closing: false };

function recordError(kind: Kind | 'events', message: string) {
  errors.set(kind, [...(errors.get(kind) ?? []), message]);
}

// A simulated member

interface Member {
  index: number;
  kind: 'expert' | 'company';
  email: string;
  server: Server;
  ip: string;
  cookie: string;
  /** A company's suggestions not asked yet; an expert's requests received and not accepted yet. */
  open: string[];
  done: Set<string>;
}

async function call(m: Member, kind: Kind, method: 'GET' | 'POST', url: string, body?: unknown) {
  const headers: Record<string, string> = { 'x-forwarded-for': m.ip, origin: APP_URL };
  if (m.cookie) headers.cookie = m.cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const start = performance.now();
  try {
    const response = await fetch(`${m.server.base}${url}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    timings.get(kind)!.push(performance.now() - start);
    if (response.status >= 400) {
      recordError(kind, `${response.status} ${text.slice(0, 160)}`);
      return null;
    }
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('intergen_session='));
    if (cookie) m.cookie = cookie.split(';')[0]!;
    return text ? JSON.parse(text) : {};
  } catch (error) {
    timings.get(kind)!.push(performance.now() - start);
    recordError(kind, String(error));
    return null;
  }
}

type Request = { id: string };
type Buckets = { received: Request[] };
type Suggestion = { id: string; requestSent: boolean };

async function connections(m: Member) {
  const buckets = (await call(m, 'connections', 'GET', '/api/connections')) as Buckets | null;
  if (buckets && m.kind === 'expert')
    m.open = buckets.received.map((r) => r.id).filter((id) => !m.done.has(id));
}

/** The dashboard's calls, at once as the browser makes them. */
async function dashboard(m: Member) {
  const [, , , suggestions] = await Promise.all([
    call(m, 'session', 'GET', '/api/auth/session'),
    call(m, 'profile', 'GET', '/api/profiles/me'),
    call(m, 'config', 'GET', '/api/config'),
    call(m, 'suggestions', 'GET', '/api/suggestions') as Promise<{ suggestions: Suggestion[] } | null>,
    connections(m),
    call(m, 'notifications', 'GET', '/api/notifications'),
  ]);
  if (suggestions && m.kind === 'company') {
    m.open = suggestions.suggestions.filter((s) => !s.requestSent && !m.done.has(s.id)).map((s) => s.id);
  }
}

async function community(m: Member) {
  const list = m.kind === 'company' ? 'experts-for-company' : random() < 0.5 ? 'companies' : 'experts';
  const filters = random() < 0.5 ? '&industries=tech' : '';
  await call(m, 'community', 'GET', `/api/matching/${list}?pageSize=9${filters}`);
}

async function sendOrAccept(m: Member) {
  const id = m.open.shift();
  if (!id) return dashboard(m);
  m.done.add(id);
  if (m.kind === 'company') {
    await call(m, 'send request', 'POST', '/api/connections', {
      suggestionId: id,
      message: 'Shall we talk?',
    });
  } else {
    await call(m, 'accept request', 'POST', `/api/connections/${id}/accept`, {});
  }
}

/** The member's live stream, as the browser keeps it open: a `connections` change makes it refetch. */
function openStream(m: Member, stop: AbortSignal, deadline: number) {
  void (async () => {
    try {
      const response = await fetch(`${m.server.base}/api/events`, {
        headers: { cookie: m.cookie, 'x-forwarded-for': m.ip },
        signal: stop,
      });
      if (!response.ok || !response.body) {
        recordError('events', `${response.status}`);
        return;
      }
      live.streams++;
      const decoder = new TextDecoder();
      let buffer = '';
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        for (let at = buffer.indexOf('\n\n'); at >= 0; at = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          if (!block.includes('event: change')) continue;
          live.changes++;
          if (block.includes('"connections"')) {
            live.connectionChanges++;
            if (Date.now() < deadline) void connections(m);
          }
        }
      }
      if (!live.closing) recordError('events', 'the stream ended');
    } catch (error) {
      if (!live.closing) recordError('events', String(error));
    }
  })();
}

async function simulate(m: Member, start: number, stop: AbortSignal) {
  await sleep(start + (m.index / MEMBERS) * ARRIVAL_MS - Date.now());
  if (!m.cookie) {
    const signedIn = await call(m, 'sign-in', 'POST', '/api/auth/sign-in', {
      email: m.email,
      password: PASSWORD,
    });
    if (!signedIn) return;
  }
  const deadline = Date.now() + SECONDS * 1000;
  openStream(m, stop, deadline);
  await dashboard(m);
  for (;;) {
    await sleep(THINK_MS[0] + random() * (THINK_MS[1] - THINK_MS[0]));
    if (Date.now() >= deadline) return;
    const r = random();
    if (r < 0.45) await dashboard(m);
    else if (r < 0.75) await community(m);
    else await sendOrAccept(m);
  }
}

// The run

/** Drops the run's database; the servers' pools may still be saying goodbye, so it waits for them first. */
async function dropDatabase(admin: pg.Client, name: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name}${attempt >= 50 ? ' WITH (FORCE)' : ''}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await sleep(100);
    }
  }
}

async function main() {
  const name = `intergen_load_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'intergen-load-'));
  const servers: Server[] = [];
  let database: Database | null = null;
  let failed = false;
  try {
    const [version] = (await admin.query<{ server_version: string }>('SHOW server_version')).rows;
    console.log(
      `Node ${process.version}, ${cpus()[0]?.model ?? 'CPU'} × ${cpus().length}, load average ${loadavg()[0]!.toFixed(2)}, PostgreSQL ${version?.server_version}`,
    );
    console.log(
      `${MEMBERS} members (${COMPANIES} companies, ${EXPERTS} experts) on two instances, arriving over ` +
        `${ARRIVAL_MS / 1000} s, each active for ${SECONDS} s after signing in; community of ${int(COMMUNITY.experts + EXPERTS)} experts and ${int(COMMUNITY.companies + COMPANIES)} companies\n`,
    );

    let t = performance.now();
    database = await openDatabase({ kind: 'postgres', url: databaseUrl });
    await seed(database, await hashPassword(PASSWORD));
    console.log(`   seeded in ${ms(performance.now() - t)}`);

    t = performance.now();
    servers.push(
      ...(await Promise.all([
        startInstance('A', databaseUrl, dataDir),
        startInstance('B', databaseUrl, dataDir),
      ])),
    );
    console.log(`   two instances started together in ${ms(performance.now() - t)}\n`);

    const members: Member[] = [
      ...Array.from({ length: COMPANIES }, (_, i) => ({
        kind: 'company' as const,
        i,
        server: servers[i % 2]!,
      })),
      ...Array.from({ length: EXPERTS }, (_, i) => ({
        kind: 'expert' as const,
        i,
        server: servers[(i + 1) % 2]!,
      })),
    ].map(({ kind, i, server }, index) => ({
      index,
      kind,
      email: `load.${kind}.${i}@bench.example`,
      server,
      ip: `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}`,
      cookie: '',
      open: [],
      done: new Set<string>(),
    }));
    // Interleave the arrivals of companies and experts.
    members.sort((a, b) => (a.index % COMPANIES) - (b.index % COMPANIES) || a.index - b.index);
    members.forEach((m, i) => {
      m.index = i;
    });
    // Those who do not sign in come back with a session their browser kept.
    const returning = members.filter(
      (m) => Math.floor((m.index + 1) * SIGN_IN_SHARE) === Math.floor(m.index * SIGN_IN_SHARE),
    );
    const tokens = returning.map(() => randomToken());
    await database.query(
      `INSERT INTO sessions (id, user_id, expires_at)
       SELECT t.id, u.id, now() + interval '7 days' FROM unnest($1::text[], $2::text[]) AS t(id, email)
       JOIN users u ON u.email = t.email`,
      [tokens.map(hashToken), returning.map((m) => m.email)],
    );
    returning.forEach((m, i) => {
      m.cookie = `intergen_session=${tokens[i]}`;
    });
    console.log(
      `   ${MEMBERS - returning.length} members sign in with their password, ${returning.length} come back signed in\n`,
    );

    const start = Date.now();
    const stop = new AbortController();
    await Promise.all(members.map((m) => simulate(m, start, stop.signal)));
    const elapsed = (Date.now() - start) / 1000;

    // Results per call kind
    const { row, summary } = createReport({ label: 28, value: 16 });
    console.log(
      `   ${'call'.padEnd(20)}${'requests'.padStart(10)}${'errors'.padStart(8)}${'p50'.padStart(10)}${'p99'.padStart(10)}${'max'.padStart(10)}`,
    );
    let requests = 0;
    for (const kind of kinds) {
      const values = timings.get(kind)!;
      requests += values.length;
      if (values.length === 0) continue;
      console.log(
        `   ${kind.padEnd(20)}${int(values.length).padStart(10)}${String(errors.get(kind)?.length ?? 0).padStart(8)}` +
          `${ms(percentile(values, 0.5)).padStart(10)}${ms(percentile(values, 0.99)).padStart(10)}${ms(Math.max(...values)).padStart(10)}`,
      );
    }
    const all = kinds.flatMap((k) => timings.get(k)!);
    const errorCount = [...errors.values()].reduce((n, list) => n + list.length, 0);
    console.log(
      `   ${'all'.padEnd(20)}${int(requests).padStart(10)}${String(errorCount).padStart(8)}` +
        `${ms(percentile(all, 0.5)).padStart(10)}${ms(percentile(all, 0.99)).padStart(10)}${ms(Math.max(...all)).padStart(10)}\n`,
    );
    row(
      'requests per second',
      (requests / elapsed).toFixed(0),
      undefined,
      `${int(requests)} in ${elapsed.toFixed(1)} s`,
    );
    row('errors', String(errorCount), { text: '0', ok: errorCount === 0, name: 'errors' });
    row(
      'live streams opened',
      int(live.streams),
      undefined,
      `${int(live.changes)} changes, ${int(live.connectionChanges)} of them connections`,
    );
    const [made] = await database.query<{ sent: number; accepted: number }>(
      `SELECT count(*)::int AS sent, count(*) FILTER (WHERE accepted)::int AS accepted FROM connection_requests`,
    );
    row('requests sent / accepted', `${made!.sent} / ${made!.accepted}`);

    // The outbox once both workers have drained it (a CRM contact update waits 10 s after its contact is made).
    const drainStart = Date.now();
    let outbox: { total: number; done: number; twice: number; p50: number; p99: number } | undefined;
    for (;;) {
      [outbox] = await database.query(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'done')::int AS done,
           count(*) FILTER (WHERE attempts > 1)::int AS twice,
           coalesce(percentile_disc(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM processed_at - run_at) * 1000), 0) AS p50,
           coalesce(percentile_disc(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM processed_at - run_at) * 1000), 0) AS p99
         FROM outbox`,
      );
      if (outbox!.done === outbox!.total || Date.now() - drainStart > 60_000) break;
      await sleep(250);
    }
    row('outbox rows done', `${int(outbox!.done)} / ${int(outbox!.total)}`, {
      text: 'all',
      ok: outbox!.done === outbox!.total,
      name: 'outbox drained',
    });
    row('outbox rows claimed twice', String(outbox!.twice), {
      text: '0',
      ok: outbox!.twice === 0,
      name: 'claimed once',
    });
    row(
      'outbox wait p50 / p99',
      `${ms(Number(outbox!.p50))} / ${ms(Number(outbox!.p99))}`,
      undefined,
      'processed_at − run_at (once due)',
    );
    const slow = await database.query<{ topic: string; n: number; attempts: number }>(
      `SELECT topic, count(*)::int AS n, max(attempts)::int AS attempts FROM outbox
       WHERE processed_at - run_at > interval '1 second' GROUP BY topic ORDER BY topic`,
    );
    if (slow.length > 0) {
      row('  waited over 1 s', slow.map((r) => `${r.topic} ${r.n}`).join(', '));
    }

    // Graceful shutdown with the members' streams still open.
    for (const server of servers) {
      row(`instance ${server.name} peak memory`, peakMiB(server.child.pid));
    }
    live.closing = true;
    const shutdowns = await Promise.all(
      servers.map(async (server) => {
        const begin = performance.now();
        const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
        server.child.kill('SIGTERM');
        const code = await Promise.race([exited, sleep(30_000).then(() => 'hung' as const)]);
        return { server, ms: performance.now() - begin, code };
      }),
    );
    for (const s of shutdowns) {
      row(`instance ${s.server.name} shutdown`, s.code === 'hung' ? '> 30 s' : ms(s.ms), {
        text: 'exits 0',
        ok: s.code === 0,
        name: `shutdown ${s.server.name}`,
      });
    }
    stop.abort();
    summary();

    for (const [kind, list] of errors) {
      console.log(`\n${kind}: ${list.length} errors, e.g.\n  ${[...new Set(list)].slice(0, 5).join('\n  ')}`);
    }
    failed = errorCount > 0 || outbox!.done !== outbox!.total || shutdowns.some((s) => s.code !== 0);
    if (failed)
      for (const server of servers) console.log(`\ninstance ${server.name} said:\n${server.output()}`);
  } finally {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await database?.close();
    await dropDatabase(admin, name);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failed) process.exit(1);
}

await main();
