import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeptReads } from '../src/lib/kept-lists.ts';
import { sessionLookupTables } from '../src/modules/auth/session.read-model.ts';
import { bucketsReads } from '../src/modules/connections/buckets.read-model.ts';
import { communityReads } from '../src/modules/matching/community.read-model.ts';
import { suggestionsReads } from '../src/modules/matching/suggestions.read-model.ts';
import { centreReads } from '../src/modules/notifications/centre.read-model.ts';
import { acted, member, sent, suggest } from './connections.support.ts';
import { createTestApp, type Engine, engines, type TestApp } from './helpers.ts';

/**
 * A kept list is sent again until a change signal drops it (migrations 0019, 0022 and 0030: a trigger on each
 * table that announces the table and whose rows changed), and only the lists that declare that table are dropped
 * (`KeptReads`, in each read model). A kept list that reads a table it does not declare, or one without a signal,
 * would answer stale rows for up to a minute after that table changed. Every kept list is made here with the
 * statements it runs recorded: each table they read must be declared, and each declared table signalled.
 */

/** The kept lists' addresses, as a member's browser asks them, with their declarations; each route marked `keptList` must be here. */
const keptListUrls: Record<'expert' | 'company', [string, KeptReads][]> = {
  expert: [
    ['/api/suggestions', suggestionsReads],
    ['/api/connections', bucketsReads],
    ['/api/notifications', centreReads],
    ['/api/matching/experts?pageSize=20', communityReads],
    ['/api/matching/companies?pageSize=20', communityReads],
  ],
  company: [
    ['/api/suggestions', suggestionsReads],
    ['/api/connections', bucketsReads],
    ['/api/notifications', centreReads],
    ['/api/matching/experts-for-company?pageSize=20', communityReads],
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
    found += [...text.matchAll(/keptList: \w+/g)].length;
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
    const routes = new Set([...keptListUrls.expert, ...keptListUrls.company].map(([u]) => u.split('?')[0]));
    expect(routes.size).toBe(keptRoutesInSource() + 2);
  });

  it('read only tables they declare, each of them signalled', async () => {
    const expert = await member(t, 'expert', { name: 'Eve Expert' });
    const company = await member(t, 'company', { name: 'Cora Company' });
    const other = await member(t, 'company', { name: 'Otto Other' });
    await acted(expert, (await sent(company, await suggest(t, expert, company), 'Hello')).id, 'accept');
    await sent(expert, await suggest(t, expert, other), 'Hi');
    await t.app.worker.drain();

    const undeclared = new Map<string, Set<string>>();
    const unsignalled = new Map<string, Set<string>>();
    const note = (found: Map<string, Set<string>>, table: string, url: string) =>
      found.set(table, (found.get(table) ?? new Set()).add(url.split('?')[0]!));
    for (const [who, urls] of [
      [expert, keptListUrls.expert],
      [company, keptListUrls.company],
    ] as const) {
      for (const [url, reads] of urls) {
        const statements: string[] = [];
        const stop = t.database.observeQueries((_seconds, text) => statements.push(text));
        const response = await who.client.get(url);
        stop();
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        // The session lookup (the one statement reading `sessions`) runs before a list is answered or kept.
        const listed = statements.filter((text) => !tablesRead(text).includes('sessions'));
        expect(listed.length, url).toBeGreaterThan(0);
        for (const table of listed.flatMap(tablesRead)) {
          if (tables.has(table) && !reads.tables.includes(table)) note(undeclared, table, url);
        }
        for (const table of reads.tables) if (!signalled.has(table)) note(unsignalled, table, url);
      }
    }
    const byTable = (found: Map<string, Set<string>>) =>
      Object.fromEntries([...found].map(([table, urls]) => [table, [...urls]]));
    expect(byTable(undeclared), 'read but not declared').toEqual({});
    expect(byTable(unsignalled), 'declared but not signalled').toEqual({});
  });

  it('stand on a session lookup that reads only the tables it declares, each signalled to the session cache', async () => {
    const expert = await member(t, 'expert', { name: 'Sam Session' });
    const rows = await t.database.query<{ name: string }>(
      `SELECT DISTINCT c.relname AS name FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
       WHERE NOT g.tgisinternal AND g.tgname LIKE 'sessions_changed%'`,
    );
    const announced = new Set(rows.map((r) => r.name));
    expect(
      sessionLookupTables.filter((table) => !announced.has(table)),
      'declared but not signalled',
    ).toEqual([]);
    const statements: string[] = [];
    const stop = t.database.observeQueries((_seconds, text) => statements.push(text));
    expect((await expert.client.get('/api/auth/session')).statusCode).toBe(200);
    stop();
    const lookup = statements.filter((text) => tablesRead(text).includes('sessions'));
    expect(lookup.length).toBeGreaterThan(0);
    const read = new Set(lookup.flatMap(tablesRead).filter((table) => tables.has(table)));
    expect(
      [...read].filter((table) => !sessionLookupTables.includes(table)),
      'read but not declared',
    ).toEqual([]);
  });

  it('are dropped by a change to a table they declare, and kept through a change to another', async () => {
    const expert = await member(t, 'expert', { name: 'Kim Kept' });
    const company = await member(t, 'company', { name: 'Kept Ventures' });
    await sent(company, await suggest(t, expert, company), 'Hello');
    await t.app.worker.drain();
    /** How many statements (beside the session lookup) answering `url` took: 0 when it was kept. */
    const statementsOf = async (url: string) => {
      const statements: string[] = [];
      const stop = t.database.observeQueries((_seconds, text) => statements.push(text));
      expect((await expert.client.get(url)).statusCode).toBe(200);
      stop();
      return statements.filter((text) => !tablesRead(text).includes('sessions')).length;
    };
    const kept = async (url: string) => {
      await statementsOf(url);
      await expect.poll(() => statementsOf(url)).toBe(0);
    };
    await kept('/api/suggestions');
    await kept('/api/notifications');
    await kept('/api/connections');

    // A notification changes: the centre is read again, the suggestions and requests stay kept.
    await t.database.query('UPDATE notifications SET has_seen = NOT has_seen WHERE user_id = $1', [
      expert.id,
    ]);
    await expect.poll(() => statementsOf('/api/notifications')).toBeGreaterThan(0);
    expect(await statementsOf('/api/suggestions')).toBe(0);
    expect(await statementsOf('/api/connections')).toBe(0);

    // A request changes: the requests are read again (and the centre kept since stays kept).
    await kept('/api/notifications');
    await t.database.query('UPDATE connection_requests SET seen = NOT seen WHERE expert_id = $1', [
      expert.id,
    ]);
    await expect.poll(() => statementsOf('/api/connections')).toBeGreaterThan(0);
    expect(await statementsOf('/api/notifications')).toBe(0);
  });
});
