import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';

/**
 * Migrates one database per engine before the server tests start, and has every test database copy it
 * (helpers.ts freshDatabase) instead of applying the migrations again: a PostgreSQL `CREATE DATABASE … TEMPLATE`
 * and a PGlite opened from a dump. The workers inherit the two names through the environment.
 */
export async function setup(): Promise<() => Promise<void>> {
  const undo: (() => Promise<void> | void)[] = [];
  const folder = mkdtempSync(path.join(tmpdir(), 'intergen-template-'));
  undo.push(() => rmSync(folder, { recursive: true, force: true }));
  const pglite = await openDatabase({ kind: 'pglite', dataDir: null });
  const dump = path.join(folder, 'pgdata.tar.gz');
  writeFileSync(dump, await pglite.dumpDataDir!());
  await pglite.close();
  process.env.INTERGEN_TEST_PGLITE_DUMP = dump;

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `intergen_tpl_${randomBytes(4).toString('hex')}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const template = await openDatabase({ kind: 'postgres', url: url.toString() });
    await template.close();
    process.env.INTERGEN_TEST_PG_TEMPLATE = name;
    undo.push(() => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
  return async () => {
    for (const step of undo.reverse()) await step();
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
