import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acted, member, sent, suggest } from './connections.support.ts';
import { createTestApp, type Engine, engines, type TestApp } from './helpers.ts';

/**
 * A kept list is sent again until a change signal drops it (migrations 0019 and 0022: a trigger on each table
 * that announces whose rows changed). A kept list that reads a table without a signal would answer stale rows for
 * up to a minute after that table changed. Every kept list is made here with the statements it runs recorded, and
 * each table they read must carry a signal.
 */

/** The kept lists' addresses, as a member's browser asks them; each route marked `keptList` must be here. */
const keptListUrls = {
  expert: [
    '/api/suggestions',
    '/api/connections',
    '/api/notifications',
    '/api/matching/experts?pageSize=20',
    '/api/matching/companies?pageSize=20',
  ],
  company: [
    '/api/suggestions',
    '/api/connections',
    '/api/notifications',
    '/api/matching/experts-for-company?pageSize=20',
  ],
};

/**
 * Tables no statement of ours writes: triggers on other tables keep them, in the transaction of the change they
 * follow, so that change's own signal covers them (each trigger named here is checked to exist).
 */
const maintainedBy: Record<string, { table: string; trigger: string }[]> = {
  // The community pages' totals (migration 0018).
  community_counts: [
    { table: 'experts', trigger: 'experts_listed_updated' },
    { table: 'companies', trigger: 'companies_listed_updated' },
  ],
};

/** The tables a statement reads: each name after FROM or JOIN (quoted or not), schema-less as ours are. */
function tablesRead(text: string): string[] {
  return [...text.matchAll(/\b(?:from|join)\s+"?([a-z_][a-z0-9_]*)"?/gi)].map((m) => m[1]!.toLowerCase());
}

/** How many routes the modules mark `keptList` (their route files), to keep the list above complete. */
function keptRoutesInSource(): number {
  const modules = path.resolve(import.meta.dirname, '../src/modules');
  let found = 0;
  for (const name of readdirSync(modules, { recursive: true }) as string[]) {
    if (!name.endsWith('.routes.ts')) continue;
    const text = readFileSync(path.join(modules, name), 'utf8');
    found += [...text.matchAll(/keptList: '(own|community)'/g)].length;
  }
  return found;
}

describe.each(engines)('kept lists on %s', (engine: Engine) => {
  let t: TestApp;
  let signalled: Set<string>;
  let tables: Set<string>;

  beforeAll(async () => {
    t = await createTestApp(engine, { SESSION_CACHE: 'true', COMMUNITY_TAB: 'true' });
    const rows = await t.database.query<{ name: string }>(
      `SELECT DISTINCT c.relname AS name FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
       WHERE NOT g.tgisinternal AND (g.tgname LIKE 'lists_changed%' OR g.tgname LIKE 'sessions_changed%')`,
    );
    signalled = new Set(rows.map((r) => r.name));
    const all = await t.database.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`,
    );
    tables = new Set(all.map((r) => r.name));
    for (const [derived, sources] of Object.entries(maintainedBy)) {
      for (const { table, trigger } of sources) {
        const found = await t.database.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
           WHERE c.relname = $1 AND g.tgname = $2`,
          [table, trigger],
        );
        expect(found[0]?.n, `${derived}: ${trigger} on ${table}`).toBe(1);
        expect(signalled.has(table), `${derived} follows ${table}, which must be signalled`).toBe(true);
      }
      signalled.add(derived);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('are every route marked keptList', () => {
    // The community pages are registered through one helper: three routes, one mark in the source.
    const routes = new Set([...keptListUrls.expert, ...keptListUrls.company].map((u) => u.split('?')[0]));
    expect(routes.size).toBe(keptRoutesInSource() + 2);
  });

  it('read only tables whose changes are signalled', async () => {
    const expert = await member(t, 'expert', { name: 'Eve Expert' });
    const company = await member(t, 'company', { name: 'Cora Company' });
    const other = await member(t, 'company', { name: 'Otto Other' });
    await acted(expert, (await sent(company, await suggest(t, expert, company), 'Hello')).id, 'accept');
    await sent(expert, await suggest(t, expert, other), 'Hi');
    await t.app.worker.drain();

    const unsignalled = new Map<string, Set<string>>();
    for (const [who, urls] of [
      [expert, keptListUrls.expert],
      [company, keptListUrls.company],
    ] as const) {
      for (const url of urls) {
        const statements: string[] = [];
        const stop = t.database.observeQueries((_seconds, text) => statements.push(text));
        const response = await who.client.get(url);
        stop();
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        expect(statements.length, url).toBeGreaterThan(0);
        for (const table of statements.flatMap(tablesRead)) {
          if (tables.has(table) && !signalled.has(table)) {
            unsignalled.set(table, (unsignalled.get(table) ?? new Set()).add(url.split('?')[0]!));
          }
        }
      }
    }
    expect(Object.fromEntries([...unsignalled].map(([table, urls]) => [table, [...urls]]))).toEqual({});
  });
});
