/**
 * The admin's Scores list (`GET /api/admin/scores`'s handler, `listAdminScores`) over the scores a full re-score
 * stored: the first page in each order, the next one by its cursor, a minimum score and two name searches, each
 * the median of 3 with its total. Part of `publish.bench.ts` (section 4); also run on its own against a database
 * kept by BENCH_KEEP=1: `node --import tsx bench/admin-scores.ts postgres://…/intergen_bench_…`.
 */
import { pathToFileURL } from 'node:url';
import { AdminScoresQuerySchema } from '@intergen/contracts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { listAdminScores } from '../apps/server/src/modules/admin/records.ts';
import { createReport, int, median } from './report.ts';

type Row = ReturnType<typeof createReport>['row'];
const now = () => Number(process.hrtime.bigint()) / 1e6;

/** Times the list's pages on `database` and prints one row each. */
export async function measureAdminScores(database: Database, row: Row): Promise<void> {
  // Names to search: a company's name as it is stored (its company name), and an expert's full name.
  const [names] = await database.query<{ company: string; expert: string }>(
    `SELECT (SELECT company_name FROM companies WHERE id = (SELECT company_id FROM match_scores LIMIT 1)) AS company,
            (SELECT name FROM experts WHERE id = (SELECT expert_id FROM match_scores LIMIT 1)) AS expert`,
  );
  const cases: [string, Record<string, string | number>][] = [
    ['first page, by score (the default)', {}],
    ['first page, by last change', { sort: 'updated' }],
    ['first page, lowest first', { order: 'asc' }],
    ['first page, minimum score 95', { minScore: 95 }],
    [`name search "${names?.company}"`, { search: names?.company ?? '' }],
    [`name search "${names?.expert}"`, { search: names?.expert ?? '' }],
  ];
  for (const [label, query] of cases) {
    const times: number[] = [];
    let total = 0;
    let next: string | null = null;
    for (let i = 0; i < 3; i++) {
      const start = now();
      const page = await listAdminScores(database.db, AdminScoresQuerySchema.parse(query));
      times.push(now() - start);
      total = page.total;
      next = page.nextCursor;
    }
    row(label, `${median(times).toFixed(1)} ms`, undefined, `median of 3; total ${int(total)}`);
    if (label.startsWith('first page, by score') && next) {
      const start = now();
      await listAdminScores(database.db, AdminScoresQuerySchema.parse({ cursor: next }));
      row('  its next page, by the cursor', `${(now() - start).toFixed(1)} ms`);
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const url = process.argv[2];
  if (!url) throw new Error('usage: node --import tsx bench/admin-scores.ts <postgres url>');
  const database = await openDatabase({ kind: 'postgres', url });
  const [stored] = await database.query<{ n: string }>(
    `SELECT reltuples::bigint::text AS n FROM pg_class WHERE relname = 'match_scores'`,
  );
  console.log(`The admin's Scores list over about ${int(Number(stored?.n))} stored scores`);
  try {
    await measureAdminScores(database, createReport({ label: 44, value: 14 }).row);
  } finally {
    await database.close();
  }
}
