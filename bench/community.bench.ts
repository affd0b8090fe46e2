/**
 * A community page (the server's `listExpertsForCompany`, through the service and repositories, not HTTP):
 * a company's expert community with three filters and a name search, strong matches first, over 100,000
 * published experts, on PGlite and on PostgreSQL side by side — the first page and page 50, a strong-only
 * page, and a search that matches nobody (which must be answered from the community GIN index, not by reading
 * every row). How the numbers are taken: docs/benchmarks.md. Run with `npm run bench -- community`; set
 * BENCH_DATABASE_URL to use another PostgreSQL server than postgres://postgres@127.0.0.1:5432/postgres (a
 * database is created and dropped).
 */
import { cpus, loadavg } from 'node:os';
import {
  type CompanyMatchFacets,
  type ExpertMatchFacets,
  generateCompanies,
  generateExperts,
  packExperts,
  scoreCompanyVsExperts,
} from '@intergen/domain';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { createEventPublisher } from '../apps/server/src/modules/events/events.ts';
import { upsertScores } from '../apps/server/src/modules/matching/matching.repository.ts';
import {
  createMatchingService,
  type MatchingListQueryInput,
} from '../apps/server/src/modules/matching/matching.service.ts';
import { adminUrl, BATCH, seedData, seedProfiles, withPostgres } from './profiles.ts';
import { createReport, int, median, percentile } from './report.ts';

const EXPERTS = 100_000;
const COMPANIES = 2_000;
const DEEP_PAGE = 50;
const WARM_UP = 10;
const RUNS = 50;
const goals = { postgresMs: 10, ratio: 2.5, deepRatio: 1.5 };

// Helpers

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;
const { row, summary } = createReport({ label: 40, value: 14 });
async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = process.hrtime.bigint();
  const value = await fn();
  return [value, Number(process.hrtime.bigint() - start) / 1e6];
}

// Data: the same profiles on both engines

const experts = seedData<ExpertMatchFacets>('e', generateExperts(EXPERTS, 11), 12);
const companies = seedData<CompanyMatchFacets>('c', generateCompanies(COMPANIES, 13), 14);
const seed = (database: Database) => seedProfiles(database, experts, companies);

// The pages timed: a company's expert community

/** Three filters and a search, the goal case: about 2,000 of the 100,000 experts pass the filters. */
const filtered: MatchingListQueryInput = {
  industries: ['tech'],
  expertise: ['growthCapital'],
  investments: 'yes',
  searchText: 'son',
  pageSize: 9,
};
const unfiltered: MatchingListQueryInput = { industries: [], expertise: [], pageSize: 9 };
const noMatch: MatchingListQueryInput = { industries: [], expertise: [], searchText: 'zzq', pageSize: 9 };

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

interface Timing {
  label: string;
  medianMs: number;
  p90Ms: number;
  items: number;
  total: number | null;
  plan: string;
}
interface EngineResult {
  engine: string;
  seedMs: number;
  scoresMs: number;
  strongCount: number;
  timings: Timing[];
}

/** The scan nodes of a plan, to show which indexes answer the query. */
function planSummary(lines: string[]): string {
  const nodes = lines
    .map((l) => l.trim().replace(/^->\s*/, ''))
    .filter(
      (l) =>
        /^(Limit|Sort|Nested Loop|BitmapAnd|BitmapOr|Aggregate|.*Scan)/.test(l) &&
        !/^Sort (Key|Method)/.test(l),
    )
    .map((l) => l.replace(/\s+\(cost=.*$/, '').replace(/\s+\(actual.*$/, ''));
  return nodes.join(' → ');
}

type Matching = ReturnType<typeof createMatchingService>;
type Caller = Parameters<Matching['listExpertsForCompany']>[0];

/** The SQL statements one page sends, captured through the drizzle session, with their plans. */
async function plansOf(database: Database, run: () => Promise<unknown>): Promise<string[]> {
  const captured: { sql: string; params: unknown[] }[] = [];
  const session = (database.db as unknown as { session: { prepareQuery: (...args: unknown[]) => unknown } })
    .session;
  const original = session.prepareQuery.bind(session);
  session.prepareQuery = (q: unknown, ...rest: unknown[]) => {
    captured.push(q as { sql: string; params: unknown[] });
    return original(q, ...rest);
  };
  try {
    await run();
  } finally {
    session.prepareQuery = original;
  }
  const plans: string[] = [];
  for (const q of captured) {
    const rows = await database.query<{ 'QUERY PLAN': string }>(`EXPLAIN ANALYZE ${q.sql}`, q.params);
    const lines = rows.map((r) => r['QUERY PLAN']);
    const took = lines.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '';
    plans.push(`[${took}] ${planSummary(lines)}`);
    if (process.env.BENCH_SQL) console.log(q.sql, JSON.stringify(q.params).slice(0, 300), lines.join('\n'));
  }
  return plans;
}

async function time(
  database: Database,
  label: string,
  page: () => ReturnType<Matching['listExpertsForCompany']>,
): Promise<Timing> {
  for (let i = 0; i < WARM_UP; i++) await page();
  const times: number[] = [];
  let last = await page();
  for (let i = 0; i < RUNS; i++) {
    const [result, took] = await timed(page);
    last = result;
    times.push(took);
  }
  // The plans of the statements that read profiles (the strong ids and the scores are read by primary key).
  const plans = (await plansOf(database, page)).filter((p) => /on (experts|companies)/.test(p));
  return {
    label,
    medianMs: median(times),
    p90Ms: percentile(times, 0.9),
    items: last.items.length,
    total: last.total,
    plan: plans.join('\n              '),
  };
}

async function measure(engine: string, database: Database): Promise<EngineResult> {
  const [, seedMs] = await timed(() => seed(database));
  const matching = createMatchingService({
    database,
    publishEvent: createEventPublisher({}),
    communityTab: true,
    afterCommit: () => {},
  });
  const caller: Caller = { id: companies.ids[0]!, kind: 'company', isAdmin: false, emailVerified: true };

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
  const strongCount = scores.filter((s) => s >= 80).length;

  // The cursor of page 50: walk the 49 pages before it.
  let cursor: string | null = null;
  for (let p = 1; p < DEEP_PAGE; p++) {
    const page: Awaited<ReturnType<Matching['listExpertsForCompany']>> = await matching.listExpertsForCompany(
      caller,
      { ...filtered, ...(cursor ? { cursor } : {}) },
    );
    cursor = page.nextCursor;
    if (!cursor) throw new Error(`only ${p} pages match the filters; page ${DEEP_PAGE} needs more data`);
  }
  const deep = { ...filtered, cursor: cursor! };
  let deepUnfiltered: string | null = null;
  for (let p = 1; p < DEEP_PAGE; p++) {
    const page: Awaited<ReturnType<Matching['listExpertsForCompany']>> = await matching.listExpertsForCompany(
      caller,
      { ...unfiltered, ...(deepUnfiltered ? { cursor: deepUnfiltered } : {}) },
    );
    deepUnfiltered = page.nextCursor;
  }
  const timings = [
    await time(database, 'page 1: 3 filters + search "son"', () =>
      matching.listExpertsForCompany(caller, filtered),
    ),
    await time(database, `page ${DEEP_PAGE}: the same`, () => matching.listExpertsForCompany(caller, deep)),
    await time(database, 'page 1: strong matches only, 3 filters', () =>
      matching.listExpertsForCompany(caller, { ...filtered, searchText: undefined, strong: 'yes' }),
    ),
    await time(database, 'page 1: a search matching nobody', () =>
      matching.listExpertsForCompany(caller, noMatch),
    ),
    // Dense: all 100,000 listed, the rest by the company's score (every expert scored from the packed store).
    await time(database, 'page 1: no filter (dense, by score)', () =>
      matching.listExpertsForCompany(caller, unfiltered),
    ),
    await time(database, `page ${DEEP_PAGE}: no filter`, () =>
      matching.listExpertsForCompany(caller, { ...unfiltered, cursor: deepUnfiltered ?? undefined }),
    ),
  ];
  return { engine, seedMs, scoresMs, strongCount, timings };
}

// Run

console.log(
  `Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}, ` +
    `load average ${loadavg()[0]!.toFixed(2)}`,
);
console.log(
  `${int(EXPERTS)} published experts + ${int(COMPANIES)} published companies; a company's expert community ` +
    `(page size 9, strong matches first, then by score, then newest); median of ${RUNS} after ${WARM_UP} for warm-up\n`,
);

const measured: EngineResult[] = [];
// BENCH_ENGINES=postgres (or pglite) measures one engine only, while working on a query.
const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
if (engines.includes('pglite')) {
  console.log('PGlite (in memory): seeding and measuring …');
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    measured.push(await measure('pglite', database));
  } finally {
    await database.close();
  }
}
if (engines.includes('postgres')) {
  console.log('PostgreSQL: seeding and measuring …');
  const postgres = await withPostgres((database) => measure('postgres', database));
  if (postgres) measured.push(postgres);
}

const [page1, deepPage, , nobody] = [0, 1, 2, 3];
for (const r of measured) {
  console.log(
    `\n${r.engine === 'pglite' ? 'PGlite (in memory)' : `PostgreSQL (${adminUrl.replace(/\/\/.*@/, '//')})`}`,
  );
  row(
    `seeding ${int(EXPERTS + COMPANIES)} profiles`,
    ms(r.seedMs),
    undefined,
    `${BATCH}-row INSERT … SELECT FROM unnest`,
  );
  row(
    `writing ${int(EXPERTS)} scores of one company`,
    ms(r.scoresMs),
    undefined,
    `${int(r.strongCount)} of them ≥ 80`,
  );
  r.timings.forEach((p, i) => {
    const judged = r.engine === 'postgres' && i !== nobody;
    row(
      p.label,
      ms(p.medianMs),
      judged
        ? { text: `≤ ${goals.postgresMs} ms`, ok: p.medianMs <= goals.postgresMs, name: `PG ${p.label}` }
        : undefined,
      `p90 ${ms(p.p90Ms)}; ${p.items} shown${p.total === null ? '' : ` of ${int(p.total)}`}`,
    );
    console.log(`      plan: ${p.plan}`);
  });
  const deepRatio = r.timings[deepPage]!.medianMs / r.timings[page1]!.medianMs;
  row(`page ${DEEP_PAGE} ÷ page 1`, `${deepRatio.toFixed(2)} ×`, {
    text: `≤ ${goals.deepRatio} ×`,
    ok: deepRatio <= goals.deepRatio,
    name: `${r.engine} page ${DEEP_PAGE} ÷ page 1`,
  });
  const plan = r.timings[nobody]!.plan;
  const indexed = /community_gin/.test(plan) && !/Seq Scan on experts|experts_listed_idx/.test(plan);
  row('search matching nobody reads the index', indexed ? 'yes' : 'no', {
    text: 'GIN index',
    ok: indexed,
    name: `${r.engine} no-match search not a full scan`,
  });
}
console.log(
  `\n${int(countMatching(filtered))} experts pass the three filters and the search (from the generated data)`,
);

const [lite, server] = [
  measured.find((r) => r.engine === 'pglite'),
  measured.find((r) => r.engine === 'postgres'),
];
if (lite && server) {
  console.log('\nPGlite ÷ PostgreSQL');
  lite.timings.forEach((p, i) => {
    const ratio = p.medianMs / server.timings[i]!.medianMs;
    row(p.label, `${ratio.toFixed(2)} ×`, {
      text: `≤ ${goals.ratio} ×`,
      ok: ratio <= goals.ratio,
      name: `ratio ${p.label}`,
    });
  });
}

console.log('');
summary();
