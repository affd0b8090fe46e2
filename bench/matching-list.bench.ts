/**
 * A matching-list page (the server's `listExpertsForCompany`, through the service and repository, not HTTP)
 * over 100,000 published profiles, on PGlite and on PostgreSQL, side by side. How the numbers are taken:
 * docs/benchmarks.md. Run with `npm run bench -- matching-list`; set BENCH_DATABASE_URL to use another
 * PostgreSQL server than postgres://postgres@127.0.0.1:5432/postgres (a database is created and dropped).
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import {
  type CompanyMatchFacets,
  type ExpertMatchFacets,
  generateCompanies,
  generateExperts,
  packExperts,
  scoreCompanyVsExperts,
  seededRandom,
} from '@intergen/domain';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { createEventPublisher } from '../apps/server/src/modules/events/events.ts';
import { upsertScores } from '../apps/server/src/modules/matching/matching.repository.ts';
import {
  createMatchingService,
  type MatchingListQueryInput,
} from '../apps/server/src/modules/matching/matching.service.ts';

const EXPERTS = 50_000;
const COMPANIES = 50_000;
const BATCH = 5_000;
const WARM_UP = 10;
const RUNS = 50;
const goals = { postgresMs: 10, ratio: 2.5 };
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

// Helpers

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
const int = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;
const results: { goal: string; ok: boolean }[] = [];
function mark(goal: string, ok: boolean): string {
  results.push({ goal, ok });
  return ok ? '✓ pass' : '✗ FAIL';
}
function row(label: string, value: string, goal?: { text: string; ok: boolean; name: string }, note = '') {
  const judged = goal ? `goal ${goal.text}`.padEnd(18) + mark(goal.name, goal.ok) : '';
  console.log(`   ${label.padEnd(40)}${value.padStart(14)}   ${judged}${note ? `  ${note}` : ''}`.trimEnd());
}
async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = process.hrtime.bigint();
  const value = await fn();
  return [value, Number(process.hrtime.bigint() - start) / 1e6];
}

// Data: the same profiles on both engines

const firstNames = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'Ken', 'Radia', 'Tim'];
const lastNames = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Dijkstra',
  'Liskov',
  'Knuth',
  'Allen',
  'Thompson',
  'Perlman',
];
const words = [
  'Solar',
  'Quantum',
  'Harbor',
  'Maple',
  'Vertex',
  'Nimbus',
  'Copper',
  'Orchid',
  'Summit',
  'Delta',
];
const kinds = ['Robotics', 'Foods', 'Logistics', 'Health', 'Labs', 'Energy', 'Finance', 'Studio', 'Works'];

interface Seed<F> {
  ids: string[];
  names: string[];
  companyNames: string[];
  facets: F[];
}
function seedData<F>(kind: 'e' | 'c', facets: F[], seed: number): Seed<F> {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  return {
    // Random-looking ids like the app's UUIDs, so id order is unrelated to insertion order.
    ids: facets.map(
      (_, i) =>
        `${Math.floor(random() * 0xffffffff)
          .toString(16)
          .padStart(8, '0')}-${kind}${i}`,
    ),
    names: facets.map(() => `${pick(firstNames)} ${pick(lastNames)}`),
    companyNames: facets.map(() => `${pick(words)} ${pick(kinds)}`),
    facets,
  };
}
const experts = seedData<ExpertMatchFacets>('e', generateExperts(EXPERTS, 11), 12);
const companies = seedData<CompanyMatchFacets>('c', generateCompanies(COMPANIES, 13), 14);
const about =
  'Twenty years of building teams and taking products to new markets; happy to mentor founders on hiring.';

/** Multi-row inserts through `unnest` of array parameters, BATCH rows per statement. */
async function seed(database: Database): Promise<void> {
  const json = (v: unknown) => (v == null ? null : JSON.stringify(v));
  for (const [kind, data] of [
    ['expert', experts],
    ['company', companies],
  ] as const) {
    for (let from = 0; from < data.ids.length; from += BATCH) {
      const to = Math.min(data.ids.length, from + BATCH);
      const ids = data.ids.slice(from, to);
      const names = data.names.slice(from, to);
      const facets = data.facets.slice(from, to) as (ExpertMatchFacets | CompanyMatchFacets)[];
      const [first, last] = [names.map((n) => n.split(' ')[0]!), names.map((n) => n.split(' ')[1]!)];
      await database.query(
        `INSERT INTO users (id, email, email_verified, name, first_name, last_name, kind)
         SELECT id, id || '@bench.example', true, name, f, l, $5 FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS t(id, name, f, l)`,
        [ids, names, first, last, kind],
      );
      const common = [
        ids,
        names,
        facets.map((f) => json(f.experience)),
        facets.map((f) => json(f.areasOfImprovement)),
        facets.map((f) => json(f.idealEngagement)),
        facets.map((f) => f.arrangement),
        facets.map((f) => f.businessType),
        facets.map((f) => f.investmentOpportunities),
        facets.map((f) => f.boardOpportunities),
      ];
      if (kind === 'expert') {
        await database.query(
          `INSERT INTO experts (id, name, experience, areas_of_improvement, ideal_engagement, arrangement, business_type,
             investment_opportunities, board_opportunities, current_stage, about, profile_image, profile_published,
             profile_complete, onboarding_complete, has_been_welcomed, publish_date, private)
           SELECT id, name, e::jsonb, a::jsonb, i::jsonb, arr, bt, inv, brd, st::jsonb, $11,
             '{"url":"/avatars/expert-1.svg","name":"avatar"}'::jsonb, true, true, true, true, now(), false
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
             $9::text[], $10::text[]) AS t(id, name, e, a, i, arr, bt, inv, brd, st)`,
          [...common, (facets as ExpertMatchFacets[]).map((f) => json(f.currentStage)), about],
        );
      } else {
        await database.query(
          `INSERT INTO companies (id, name, experience, areas_of_improvement, ideal_engagement, arrangement, business_type,
             investment_opportunities, board_opportunities, current_stage, company_name, slogan, about, profile_image,
             profile_published, profile_complete, onboarding_complete, has_been_welcomed, publish_date)
           SELECT id, name, e::jsonb, a::jsonb, i::jsonb, arr, bt, inv, brd, st, cn, 'Robots that help', $12,
             '{"url":"/avatars/company-1.svg","name":"avatar"}'::jsonb, true, true, true, true, now()
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
             $9::text[], $10::text[], $11::text[]) AS t(id, name, e, a, i, arr, bt, inv, brd, st, cn)`,
          [
            ...common,
            (facets as CompanyMatchFacets[]).map((f) => f.currentStage),
            data.companyNames.slice(from, to),
            about,
          ],
        );
      }
    }
  }
  await database.query('ANALYZE');
}

/** The pages timed: each a matching list of a company with three filters (first and a later page). */
const queries: { label: string; query: MatchingListQueryInput; goal?: false }[] = [
  {
    label: 'industry + expertise + investments',
    query: { industries: ['tech'], expertise: ['growthCapital'], investments: 'yes', pageSize: 9 },
  },
  {
    label: '2 industries + 2 areas + investments',
    query: {
      industries: ['tech', 'financial'],
      expertise: ['growthCapital', 'legal'],
      investments: 'yes',
      pageSize: 9,
    },
  },
  {
    label: 'rare: 3 industries + 3 areas + both yes',
    query: {
      industries: ['tech', 'financial', 'energy'],
      expertise: ['growthCapital', 'legal', 'marketExpansion'],
      investments: 'yes',
      boardPositions: 'yes',
      pageSize: 9,
    },
  },
  {
    label: 'industry + expertise + board, search "ada"',
    query: {
      industries: ['energy'],
      expertise: ['productDevelopment'],
      boardPositions: 'yes',
      searchText: 'ada',
      pageSize: 9,
    },
  },
  {
    // The worst case, without a goal: a name search alone that matches nobody reads every row (no trigram
    // index: PGlite ships pg_trgm only as an extension loaded at start-up).
    label: 'no filter but a search matching nobody',
    query: { industries: [], expertise: [], searchText: 'zzz', pageSize: 9 },
    goal: false,
  },
];

/** How many of the seeded experts a query's filters keep (computed from the generated data). */
function countMatching(query: MatchingListQueryInput): number {
  const has = (flags: Record<string, boolean | undefined> | null, codes: readonly string[]) =>
    codes.every((code) => flags?.[code] === true);
  return experts.facets.filter(
    (f, i) =>
      has(f.experience, query.industries) &&
      has(f.areasOfImprovement, query.expertise) &&
      (!query.investments || f.investmentOpportunities === 'yes') &&
      (!query.boardPositions || f.boardOpportunities === 'yes') &&
      (!query.searchText || experts.names[i]!.toLowerCase().includes(query.searchText)),
  ).length;
}

interface EngineResult {
  engine: string;
  seedMs: number;
  scoresMs: number;
  pages: { label: string; medianMs: number; p90Ms: number; items: number; plan: string; goal: boolean }[];
  laterPageMs: number;
}

/** The scan nodes of a plan, to show which indexes answer the query. */
function planSummary(lines: string[]): string {
  const nodes = lines
    .map((l) => l.trim().replace(/^->\s*/, ''))
    .filter((l) => /^(Limit|Sort|Nested Loop|BitmapAnd|.*Scan)/.test(l) && !/^Sort (Key|Method)/.test(l))
    .map((l) => l.replace(/\s+\(cost=.*$/, '').replace(/\s+\(actual.*$/, ''));
  return nodes.join(' → ');
}

async function measure(engine: string, database: Database): Promise<EngineResult> {
  const [, seedMs] = await timed(() => seed(database));
  const matching = createMatchingService({
    database,
    publishEvent: createEventPublisher({}),
    communityTab: true,
    afterCommit: () => {},
  });
  const caller = { id: companies.ids[0]!, kind: 'company' as const, isAdmin: false, emailVerified: true };

  // The caller's scores with every expert, written as its matching job does (upserts of 10,000 pairs).
  const scores = scoreCompanyVsExperts(companies.facets[0]!, packExperts(experts.facets));
  const [, scoresMs] = await timed(async () => {
    for (let i = 0; i < experts.ids.length; i += 10_000) {
      await upsertScores(
        database.db,
        experts.ids.slice(i, i + 10_000).map((expertId, j) => ({
          expertId,
          companyId: caller.id,
          score: scores[i + j]!,
        })),
      );
    }
  });
  await database.query('ANALYZE match_scores');

  const pages: EngineResult['pages'] = [];
  for (const { label, query, goal } of queries) {
    let items = 0;
    for (let i = 0; i < WARM_UP; i++) await matching.listExpertsForCompany(caller, query);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const [page, took] = await timed(() => matching.listExpertsForCompany(caller, query));
      items = page.items.length;
      times.push(took);
    }
    const plan = await explain(database, query, caller.id);
    pages.push({
      label,
      medianMs: median(times),
      p90Ms: percentile(times, 0.9),
      items,
      plan,
      goal: goal !== false,
    });
  }

  // A page deep in the list: the cursor halfway through the ids.
  const sortedIds = (await database.query<{ id: string }>('SELECT id FROM experts ORDER BY id')).map(
    (r) => r.id,
  );
  const deep = { ...queries[0]!.query, cursor: sortedIds[sortedIds.length >> 1]! };
  for (let i = 0; i < WARM_UP; i++) await matching.listExpertsForCompany(caller, deep);
  const deepTimes: number[] = [];
  for (let i = 0; i < RUNS; i++)
    deepTimes.push((await timed(() => matching.listExpertsForCompany(caller, deep)))[1]);
  return { engine, seedMs, scoresMs, pages, laterPageMs: median(deepTimes) };
}

/** EXPLAIN ANALYZE of the page query the repository builds, captured through a logging drizzle session. */
async function explain(database: Database, query: MatchingListQueryInput, callerId: string): Promise<string> {
  const captured: { sql: string; params: unknown[] }[] = [];
  const { db } = database;
  const session = (db as unknown as { session: { prepareQuery: (...args: unknown[]) => unknown } }).session;
  const original = session.prepareQuery.bind(session);
  session.prepareQuery = (q: unknown, ...rest: unknown[]) => {
    captured.push(q as { sql: string; params: unknown[] });
    return original(q, ...rest);
  };
  try {
    const matching = createMatchingService({
      database,
      publishEvent: createEventPublisher({}),
      communityTab: true,
      afterCommit() {},
    });
    await matching.listExpertsForCompany(
      { id: callerId, kind: 'company', isAdmin: false, emailVerified: true },
      query,
    );
  } finally {
    session.prepareQuery = original;
  }
  const last = captured.at(-1)!;
  const rows = await database.query<{ 'QUERY PLAN': string }>(`EXPLAIN ANALYZE ${last.sql}`, last.params);
  return planSummary(rows.map((r) => r['QUERY PLAN']));
}

// PostgreSQL: a fresh database, dropped at the end

async function withPostgres<T>(work: (database: Database) => Promise<T>): Promise<T | null> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`   PostgreSQL at ${adminUrl} is unreachable (${(error as Error).message}); skipped.`);
    return null;
  }
  const name = `intergen_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let database: Database | null = null;
  try {
    database = await openDatabase({ kind: 'postgres', url: url.toString() });
    return await work(database);
  } finally {
    await database?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

// Run

console.log(
  `Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}, ` +
    `load average ${loadavg()[0]!.toFixed(2)}`,
);
console.log(
  `${int(EXPERTS)} published experts + ${int(COMPANIES)} published companies; a company's matching list of ` +
    `experts (page size 9, with its stored scores); median of ${RUNS} after ${WARM_UP} for warm-up\n`,
);

const measured: EngineResult[] = [];
{
  console.log('PGlite (in memory): seeding and measuring …');
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    measured.push(await measure('pglite', database));
  } finally {
    await database.close();
  }
}
console.log('PostgreSQL: seeding and measuring …');
const postgres = await withPostgres((database) => measure('postgres', database));
if (postgres) measured.push(postgres);

for (const r of measured) {
  console.log(
    `\n${r.engine === 'pglite' ? 'PGlite (in memory)' : `PostgreSQL (${adminUrl.replace(/\/\/.*@/, '//')})`}`,
  );
  row('seeding 100,000 profiles', ms(r.seedMs), undefined, `${BATCH}-row INSERT … SELECT FROM unnest`);
  row(`writing ${int(EXPERTS)} scores of one company`, ms(r.scoresMs), undefined, 'upserts of 10,000 pairs');
  for (const p of r.pages) {
    const pgMs = r.engine === 'postgres' && p.goal ? p.medianMs : null;
    row(
      p.label,
      ms(p.medianMs),
      pgMs === null
        ? undefined
        : { text: `≤ ${goals.postgresMs} ms`, ok: pgMs <= goals.postgresMs, name: `PG ${p.label}` },
      `p90 ${ms(p.p90Ms)}; ${int(countMatching(queries.find((q) => q.label === p.label)!.query))} match`,
    );
    console.log(`      plan: ${p.plan}`);
  }
  row('first filters, a page halfway through', ms(r.laterPageMs));
}

const [lite, server] = [
  measured.find((r) => r.engine === 'pglite'),
  measured.find((r) => r.engine === 'postgres'),
];
if (lite && server) {
  console.log('\nPGlite ÷ PostgreSQL');
  lite.pages.forEach((p, i) => {
    const ratio = p.medianMs / server.pages[i]!.medianMs;
    const goal = { text: `≤ ${goals.ratio} ×`, ok: ratio <= goals.ratio, name: `ratio ${p.label}` };
    row(p.label, `${ratio.toFixed(2)} ×`, p.goal ? goal : undefined);
  });
}

const missed = results.filter((r) => !r.ok);
console.log(
  `\n${
    missed.length === 0
      ? `All ${results.length} goals met ✓`
      : `${missed.length} of ${results.length} goals missed: ${missed.map((r) => r.goal).join(', ')} ✗`
  }`,
);
