import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '@intergen/domain';
import { desc } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { expect } from 'vitest';
import { type App, type AppDeps, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, migrationsFolder, openDatabase } from '../src/db/client.ts';
import { mailbox } from '../src/db/schema.ts';
import { setPasswordHashCost } from '../src/lib/crypto.ts';

export type Engine = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server (CI always sets it). */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const APP_URL = 'http://intergen.test';
export const ORIGIN = { origin: APP_URL };

/**
 * A fresh database of the given engine: in-memory PGlite, or a new PostgreSQL database dropped on close. With
 * TEST_PGLITE_THREAD set, PGlite runs as `npm start` runs it (on disk, in a worker thread; slower to open).
 */
export async function freshDatabase(engine: Engine): Promise<Database> {
  if (engine === 'pglite' && process.env.TEST_PGLITE_THREAD) return threadDatabase();
  // The migrated copy the test run's global setup made (global-setup.ts); a bench migrates its own.
  const { INTERGEN_TEST_PGLITE_DUMP: dump, INTERGEN_TEST_PG_TEMPLATE: template } = process.env;
  if (engine === 'pglite') {
    const loadDataDir = dump ? new Blob([readFileSync(dump)], { type: 'application/x-gzip' }) : undefined;
    return openDatabase({ kind: 'pglite', dataDir: null, ...(loadDataDir ? { loadDataDir } : {}) });
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `intergen_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // A template's last connection may still be closing: PostgreSQL then refuses the copy for a moment.
  await whileInUse(() => admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  const close = database.close;
  database.close = async () => {
    await close();
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    // Closed pool clients may still be saying goodbye; forcing them off at once makes them raise an
    // uncaught "terminating connection" error, so wait for them first and force only as a last resort.
    await whileInUse((attempt) =>
      dropper.query(`DROP DATABASE IF EXISTS ${name}${attempt >= 50 ? ' WITH (FORCE)' : ''}`),
    );
    await dropper.end();
  };
  return database;
}

/** The connection string of the PostgreSQL database `database` is connected to, for more pools and processes. */
export async function urlOf(database: Database): Promise<string> {
  const [row] = await database.query<{ name: string }>('SELECT current_database() AS name');
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  return url.toString();
}

/** A second connection to the PostgreSQL database of `database` (its own pool and listener, as another instance has). */
export async function reopened(database: Database): Promise<Database> {
  return openDatabase({ kind: 'postgres', url: await urlOf(database) });
}

/** Runs `statement` again while PostgreSQL answers that a database is in use (55006), up to 50 times 100 ms apart. */
async function whileInUse(statement: (attempt: number) => Promise<unknown>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await statement(attempt);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** PGlite in a worker thread on a temporary folder, removed on close. */
async function threadDatabase(): Promise<Database> {
  const root = mkdtempSync(path.join(tmpdir(), 'intergen-thread-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(root, 'db'), thread: true });
  const close = database.close;
  database.close = async () => {
    await close();
    rmSync(root, { recursive: true, force: true });
  };
  return database;
}

/** A database migrated only up to the migration `last`, to test what a later migration does to rows it finds. */
export interface EarlierDatabase {
  query: Database['query'];
  /** Runs every migration after `last`. */
  migrateRest(): Promise<void>;
  close(): Promise<void>;
}

/** A fresh database of `engine` migrated up to and including the migration tagged `last` (e.g. `0017_settings_changed`). */
export async function databaseUpTo(engine: Engine, last: string): Promise<EarlierDatabase> {
  const folder = mkdtempSync(path.join(tmpdir(), 'intergen-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === last) + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  let database: Database;
  let migrate: (migrationsFolder: string) => Promise<void>;
  if (engine === 'pglite') {
    database = await openDatabase({ kind: 'pglite', dataDir: null, migrate: false });
    migrate = (f) => migratePglite(database.db as never, { migrationsFolder: f });
  } else {
    // An empty database of its own (its helper migrates everything, so its schemas are dropped first).
    database = await freshDatabase('postgres');
    await database.query('DROP SCHEMA public CASCADE; DROP SCHEMA drizzle CASCADE; CREATE SCHEMA public');
    migrate = (f) => migrateNodePg(database.db as never, { migrationsFolder: f });
  }
  await migrate(folder);
  return {
    query: database.query,
    migrateRest: () => migrate(migrationsFolder),
    close: async () => {
      await database.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ APP_URL, RATE_LIMIT_MULTIPLIER: '1000', LOG_LEVEL: 'silent', ...overrides });
}

export interface TestApp {
  app: App;
  database: Database;
  /** Sends mail queued so far through the outbox, as the worker would. */
  deliverMail(): Promise<void>;
  /** Messages of the embedded mailbox to `to`, newest first, after delivering what is queued. */
  mailTo(to: string): Promise<{ subject: string; text: string }[]>;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database; only the configuration differs from production. `deps` replaces parts
 * of the wiring a test needs to control (a failing mail transport, a control token).
 */
export async function createTestApp(
  engine: Engine,
  overrides: Record<string, string> = {},
  deps: Partial<
    Pick<AppDeps, 'mailTransport' | 'controlToken' | 'printMail' | 'logger' | 'webDir' | 'now'>
  > = {},
): Promise<TestApp> {
  setPasswordHashCost('fast');
  const database = await freshDatabase(engine);
  const app = await buildApp({
    config: testConfig(overrides),
    database,
    printMail: () => {},
    logger: false,
    ...deps,
  });
  await app.ready();
  return {
    app,
    database,
    async deliverMail() {
      await app.worker.drain();
    },
    async mailTo(to) {
      await app.worker.drain();
      const rows = await database.db.select().from(mailbox).orderBy(desc(mailbox.createdAt));
      return rows.filter((m) => m.to === to).map((m) => ({ subject: m.subject, text: m.text }));
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Another instance of the app on the test app's database (its own caches and listeners), with its own configuration. */
export async function secondInstance(t: TestApp, overrides: Record<string, string> = {}): Promise<App> {
  const other = await buildApp({
    config: testConfig(overrides),
    database: t.database,
    printMail: () => {},
    logger: false,
  });
  await other.ready();
  return other;
}

/** A cookie-keeping client over app.inject, sending our Origin like a browser on the site would. */
export function client(app: App) {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  async function request(
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const response = await app.inject({
      method,
      url,
      headers: { ...ORIGIN, ...(jar.size ? { cookie: cookieHeader() } : {}), ...headers },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    for (const c of response.cookies) {
      if (
        c.value === '' ||
        (c.maxAge !== undefined && c.maxAge <= 0) ||
        (c.expires && c.expires.getTime() < Date.now())
      ) {
        jar.delete(c.name);
      } else {
        jar.set(c.name, c.value);
      }
    }
    return response;
  }
  return {
    get: (url: string, headers?: Record<string, string>) => request('GET', url, undefined, headers),
    post: (url: string, body?: unknown, headers?: Record<string, string>) =>
      request('POST', url, body ?? {}, headers),
    cookies: jar,
  };
}

let counter = 0;
/** A unique e-mail address for one test. */
export function uniqueEmail(prefix = 'member'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

/** A sign-up through `c` as Ada Lovelace, an expert, answered as it comes (`signUp` insists on success). */
export const postSignUp = (c: ReturnType<typeof client>, email: string, password = 'correct-horse-7') =>
  c.post('/api/auth/sign-up', { name: 'Ada Lovelace', email, password, profileType: 'expert' });

/** Signs up a member through the API and returns the client holding its session. */
export async function signUp(
  app: App,
  input: Partial<{ name: string; email: string; password: string; profileType: 'expert' | 'company' }> = {},
) {
  const c = client(app);
  const body = {
    name: 'Ada Lovelace',
    email: uniqueEmail(),
    password: 'correct-horse-7',
    profileType: 'expert' as const,
    ...input,
  };
  const response = await c.post('/api/auth/sign-up', body);
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return { client: c, ...body, user: response.json().user as { id: string; email: string } };
}

/** The first link in a mail body that contains `fragment`. */
export function linkIn(text: string, fragment: string): string {
  const match = text.match(new RegExp(`https?://\\S*${fragment.replace(/[?]/g, '\\?')}\\S*`));
  if (!match) throw new Error(`no ${fragment} link in:\n${text}`);
  return match[0];
}

/** The token query parameter of a link. */
export function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token')!;
}

/** The 5-character verification code of a verification mail. */
export function codeIn(text: string): string {
  const match = text.match(/\n {4}([23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{5})\n/);
  if (!match) throw new Error(`no verification code in:\n${text}`);
  return match[1]!;
}

/** The session cookie a response sets, or undefined when it sets none. */
export function sessionCookieOf(response: {
  cookies: { name: string; value: string }[];
}): string | undefined {
  return response.cookies.find((c) => c.name === 'intergen_session' && c.value !== '')?.value;
}

/** A one-off request carrying exactly the given session token, like a browser that kept an old cookie. */
export function withSession(
  app: App,
  token: string,
  method: 'GET' | 'POST' = 'GET',
  url = '/api/auth/session',
) {
  return app.inject({
    method,
    url,
    headers: { ...ORIGIN, cookie: `intergen_session=${token}` },
    ...(method === 'POST' ? { payload: {} } : {}),
  });
}

/** A sign-in with e-mail and password sent from `remoteAddress`, keeping no cookie. */
export const signInFrom = (app: App, email: string, password: string, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    headers: ORIGIN,
    remoteAddress,
  });

/** A wrong sign-in for `email` from `remoteAddress` (at most 10 a minute per e-mail from one address). */
export const wrongSignIn = (app: App, email: string, remoteAddress: string) =>
  signInFrom(app, email, 'wrong-password-1', remoteAddress);

/** The rate limit's refusal: 429 with its message, and when to try again. */
export function expectLimited(response: Awaited<ReturnType<typeof wrongSignIn>>) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ error: { code: 'RATE_LIMITED', message: messages.tooManyRequests } });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

/** Signs in with e-mail and password on a fresh client (a new browser). */
export async function signIn(app: App, email: string, password: string) {
  const c = client(app);
  const response = await c.post('/api/auth/sign-in', { email, password });
  return { client: c, response };
}

/** Midnight UTC of today, in milliseconds. */
/** How many statements `database` runs while `run` does (requests one at a time: nothing else runs). */
export async function countStatements(database: Database, run: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const stop = database.observeQueries(() => count++);
  try {
    await run();
  } finally {
    stop();
  }
  // The observer is told when a statement settles: wait for the last ones.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return count;
}

export function todayUtc(): number {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
}

/**
 * The app on the embedded database of a data directory, as `npm start` opens it, for the length of `use` (given
 * the database too, for a test that copies it).
 */
export async function withDataDirApp<T>(
  dataDir: string,
  use: (app: App, database: Database) => Promise<T>,
): Promise<T> {
  setPasswordHashCost('fast');
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  const app = await buildApp({
    config: testConfig({ DATA_DIR: dataDir }),
    database,
    logger: false,
    printMail: () => {},
  });
  try {
    await app.ready();
    return await use(app, database);
  } finally {
    await app.close();
    await database.close();
  }
}
