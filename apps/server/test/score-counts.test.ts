import type { AdminScore } from '@intergen/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, signInAdmin } from './factories.ts';
import { createTestApp, databaseUpTo, type Engine, engines, type TestApp } from './helpers.ts';

// The admin's Scores list reads its unfiltered total (and the total above a minimum score) from the counts the
// database keeps per score value (`match_score_counts`, migration 0023), not by counting every stored score. The
// kept sum must equal counting after any statement that writes scores, however it is made; writers must never
// wait for each other on it; and its rows must stay few.

type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** The kept and the counted number of scores at `min` or above. */
async function totalsOf(query: Query, min = 0) {
  const [row] = await query(
    `SELECT (SELECT coalesce(sum(rows), 0) FROM match_score_counts WHERE score >= $1)::int AS kept,
       (SELECT count(*) FROM match_scores WHERE score >= $1)::int AS counted`,
    [min],
  );
  return { kept: Number(row!.kept), counted: Number(row!.counted) };
}

/** Inserts `n` members of `kind` whose ids are `<prefix>1` … `<prefix>n` (users only: what scores refer to). */
async function insertUsers(query: Query, kind: 'expert' | 'company', prefix: string, n: number) {
  await query(
    `INSERT INTO users (id, email, email_verified, name, first_name, last_name, kind)
     SELECT $1 || n, $1 || n || '@example.com', true, 'Scored ' || n, 'Scored', 'Member', $3
     FROM generate_series(1, $2::int) AS n`,
    [prefix, n, kind],
  );
}

/** One statement storing every pair of `experts` × `companies` (prefixes, counts) at 80 + (e + c) % 21. */
async function insertPairs(query: Query, experts: [string, number], companies: [string, number]) {
  await query(
    `INSERT INTO match_scores (expert_id, company_id, score)
     SELECT $1 || e, $3 || c, 80 + (e + c) % 21
     FROM generate_series(1, $2::int) AS e, generate_series(1, $4::int) AS c`,
    [experts[0], experts[1], companies[0], companies[1]],
  );
}

describe.each(engines)('the admin’s kept count of stored scores on %s', (engine: Engine) => {
  let t: TestApp;
  let admin: { client: Client };
  const query: Query = (text, params) => t.database.query(text, params);
  /** Checks the kept totals against counting (all, and at 90 or above), and returns the first. */
  const exact = async () => {
    for (const min of [0, 90]) {
      const { kept, counted } = await totalsOf(query, min);
      expect(kept, `scores at ${min} or above`).toBe(counted);
    }
    return (await totalsOf(query)).kept;
  };
  /** The total the admin's Scores list answers, unfiltered or from a minimum score. */
  const listed = async (minScore?: number) => {
    const response = await admin.client.get(`/api/admin/scores${minScore ? `?minScore=${minScore}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { total: number; rows: AdminScore[] }).total;
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signInAdmin(t);
    await insertUsers(query, 'expert', 'sx', 40);
    await insertUsers(query, 'company', 'sc', 30);
  });
  afterAll(() => t.close());

  it('follows inserts, changes, upserts, deletes and a member’s deletion, and the list answers it', async () => {
    const before = await exact();
    await insertPairs(query, ['sx', 20], ['sc', 30]);
    expect(await exact()).toBe(before + 600);
    expect(await listed()).toBe(before + 600);
    expect(await listed(90)).toBe((await totalsOf(query, 90)).counted);
    // Scores moved between values, and a change of nothing but the date.
    await query(`UPDATE match_scores SET score = 100 WHERE expert_id IN ('sx1', 'sx2') AND score < 90`);
    await query(`UPDATE match_scores SET updated_at = now() WHERE expert_id = 'sx3'`);
    expect(await exact()).toBe(before + 600);
    // The batch's and the jobs' upsert: some pairs new, some stored at another value.
    await query(
      `INSERT INTO match_scores (expert_id, company_id, score)
       SELECT 'sx' || e, 'sc1', 85 FROM generate_series(15, 25) AS e
       ON CONFLICT (expert_id, company_id) DO UPDATE SET score = EXCLUDED.score, updated_at = now()`,
    );
    expect(await exact()).toBe(before + 605);
    await query(`DELETE FROM match_scores WHERE expert_id = 'sx4' AND score >= 95`);
    const afterDelete = await exact();
    // A member's deletion cascades to every score of theirs.
    const [theirs] = await query(`SELECT count(*)::int AS n FROM match_scores WHERE company_id = 'sc2'`);
    expect(Number(theirs!.n)).toBeGreaterThan(10);
    await query(`DELETE FROM users WHERE id = 'sc2'`);
    expect(await exact()).toBe(afterDelete - Number(theirs!.n));
    expect(await listed()).toBe(afterDelete - Number(theirs!.n));
  });

  it('counts nothing of a write that is rolled back', async () => {
    const before = await exact();
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(
          `INSERT INTO match_scores (expert_id, company_id, score) VALUES ('sx30', 'sc5', 88)`,
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await exact()).toBe(before);
  });

  it('folds its rows into one per score value every 64 statements', async () => {
    const before = await exact();
    // 130 statements of one row each: 28 new pairs, then the same pairs moved between values.
    for (let c = 1; c <= 130; c++) {
      await query(
        `INSERT INTO match_scores (expert_id, company_id, score) VALUES ('sx40', 'sc' || $1::int, 90)
         ON CONFLICT (expert_id, company_id) DO UPDATE SET score = 80 + $2::int % 21`,
        [(c % 28) + 3, c],
      );
    }
    expect(await exact()).toBe(before + 28);
    // Unfolded they would be over 200 rows; folded, at most one per value plus the last 63 statements' two each.
    const [rows] = await query('SELECT count(*)::int AS n FROM match_score_counts');
    expect(Number(rows!.n)).toBeLessThanOrEqual(21 + 2 * 63);
  });

  it('never makes two writers wait for each other, and counts both', async () => {
    const before = await exact();
    // Nineteen transactions at once (on PostgreSQL on their own connections, some folding), each adding a row.
    await Promise.all(
      Array.from({ length: 19 }, (_, i) =>
        t.database.db.transaction((tx) =>
          tx.execute(
            `INSERT INTO match_scores (expert_id, company_id, score) VALUES ('sx${21 + i}', 'sc30', ${80 + i})`,
          ),
        ),
      ),
    );
    expect(await exact()).toBe(before + 19);
    if (engine !== 'postgres') return;
    // One transaction stores a score and folds, and stays open while another does the same on its own
    // connection and commits: a counter row or a fold that waited for the first would time out instead.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(`INSERT INTO match_scores (expert_id, company_id, score) VALUES ('sx21', 'sc29', 97)`);
      await tx.execute('SELECT match_score_counts_fold()');
      await t.database.db.transaction(async (other) => {
        await other.execute(`SET LOCAL lock_timeout = '10s'`);
        await other.execute(
          `INSERT INTO match_scores (expert_id, company_id, score) VALUES ('sx22', 'sc29', 98)`,
        );
        await other.execute('SELECT match_score_counts_fold()');
      });
    });
    expect(await exact()).toBe(before + 21);
  });

  it('is zero once the table is emptied, and counts again after', async () => {
    await query('TRUNCATE match_scores');
    expect(await exact()).toBe(0);
    expect(await listed()).toBe(0);
    await insertPairs(query, ['sx', 3], ['sc', 1]);
    expect(await exact()).toBe(3);
  });
});

describe.each(engines)('migration 0023 on %s', (engine: Engine) => {
  it('counts the scores already stored', async () => {
    const earlier = await databaseUpTo(engine, '0022_lists_changed');
    try {
      await insertUsers(earlier.query, 'expert', 'ox', 7);
      await insertUsers(earlier.query, 'company', 'oc', 5);
      await insertPairs(earlier.query, ['ox', 7], ['oc', 5]);
      await earlier.migrateRest();
      expect(await totalsOf(earlier.query)).toEqual({ kept: 35, counted: 35 });
      const at95 = await totalsOf(earlier.query, 95);
      expect(at95.kept).toBe(at95.counted);
      await earlier.query(`DELETE FROM users WHERE id = 'oc1'`);
      expect(await totalsOf(earlier.query)).toEqual({ kept: 28, counted: 28 });
    } finally {
      await earlier.close();
    }
  });
});
