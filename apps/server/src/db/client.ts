import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { is } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { startPgliteThread } from './pglite-thread.ts';
import { privateDataDir, restrictDataDir } from './private-files.ts';
import { type QueryObserver, queryTiming } from './query-timing.ts';
import * as schema from './schema.ts';

/** Extensions the migrations create (0008: pg_trgm for the community name search). */
const extensions = { pg_trgm };

export type Schema = typeof schema;
/** The one database type services and repositories see, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A repository runs on the database or inside a caller's transaction. */
export type Executor = Db | Tx;

/** Stops one `listen`; resolves once the channel is no longer listened to. */
export type Unlisten = () => Promise<void>;

export interface ListenOptions {
  /** Called when a lost listening connection is back: notifications sent meanwhile were missed. */
  onReconnect?: () => void;
  /** Called when the listening connection fails or cannot be re-opened (it keeps retrying with backoff). */
  onError?: (error: Error) => void;
}

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Runs raw SQL with parameters; used where the query builder has no word for it (LISTEN, SKIP LOCKED). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * Calls `onMessage` with the payload of every NOTIFY on `channel`, from any connection to the database
   * (so from any app instance). Resolves once listening. PostgreSQL: each call holds one dedicated
   * connection outside the pool, re-opened with backoff when it drops; PGlite: the engine's own listener.
   */
  listen(channel: string, onMessage: (payload: string) => void, options?: ListenOptions): Promise<Unlisten>;
  /** Stops every listener, then closes the connections. */
  close(): Promise<void>;
  /** Tells `observer` how long each statement takes from now on (the metrics); returns the function that stops it. */
  observeQueries(observer: QueryObserver): () => void;
  /** A connection pool's state, where there is one (PostgreSQL's; the embedded thread's pool of one). */
  poolStats?(): PoolStats;
  /**
   * PGlite only: a gzipped tarball of the data directory taken from the live instance (`npm run backup`). It is
   * taken between two queries, so it holds every committed transaction and none that is still open.
   */
  dumpDataDir?(): Promise<Uint8Array>;
}

/** Connections open, of them idle, and callers waiting for one (pg.Pool's totalCount, idleCount, waitingCount). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

const statsOf = (pool: pg.Pool) => (): PoolStats => ({
  total: pool.totalCount,
  idle: pool.idleCount,
  waiting: pool.waitingCount,
});

/** LISTEN takes no parameters: the channel is spliced in, so only plain identifiers are allowed. */
function checkedChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
  return channel;
}

/** Backoff of the listening connection's reconnects: 0.5 s, 1 s, 2 s … capped at 30 s, with jitter. */
function reconnectDelayMs(attempt: number): number {
  return Math.round(Math.min(30_000, 500 * 2 ** attempt) * (0.75 + Math.random() * 0.5));
}

/**
 * LISTEN on a dedicated `pg.Client`: a pooled connection would be handed to other queries and recycled, and
 * its notifications lost. When the connection drops (server restart, terminated backend), it is re-opened
 * with backoff and LISTEN is repeated; `onReconnect` then says that notifications may have been missed.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  options: ListenOptions,
): Promise<Unlisten> {
  let client: pg.Client | null = null;
  let stopped = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;

  const lost = (c: pg.Client, error: Error) => {
    if (c !== client || stopped) return;
    client = null;
    c.end().catch(() => {});
    options.onError?.(error);
    scheduleReconnect();
  };

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, keepAlive: true });
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onMessage(n.payload);
    });
    // Always listened to: an 'error' without a listener would end the process.
    c.on('error', (error) => lost(c, error));
    c.on('end', () => lost(c, new Error('The listening connection ended')));
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (error) {
      c.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    attempt = 0;
  };

  function scheduleReconnect() {
    if (stopped || timer) return;
    timer = setTimeout(async () => {
      timer = null;
      try {
        await connect();
        if (!stopped) options.onReconnect?.();
      } catch (error) {
        attempt += 1;
        options.onError?.(error instanceof Error ? error : new Error(String(error)));
        scheduleReconnect();
      }
    }, reconnectDelayMs(attempt));
    timer.unref();
  }

  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    timer = null;
    const c = client;
    client = null;
    if (c) await c.end().catch(() => {});
  };
}

/** Runs every stop function of a set once (listeners still open when their database closes). */
async function stopAll(listeners: Set<Unlisten>): Promise<void> {
  const all = [...listeners];
  listeners.clear();
  await Promise.all(all.map((stop) => stop().catch(() => {})));
}

/** Wraps a stop function so that it runs once and leaves the set of open listeners. */
function tracked(listeners: Set<Unlisten>, stop: Unlisten): Unlisten {
  let done: Promise<void> | null = null;
  const once: Unlisten = () => {
    listeners.delete(once);
    done ??= stop();
    return done;
  };
  listeners.add(once);
  return once;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseTarget =
  | {
      kind: 'pglite';
      dataDir: string | null;
      /** A backup (tarball of a data directory) to unpack into the empty `dataDir` first (`npm run restore`). */
      loadDataDir?: Blob;
      /** False: open without applying the migrations (a backup copies the database as it is). Default true. */
      migrate?: boolean;
      /**
       * True: PGlite runs in a worker thread and is reached through node-postgres (pglite-thread.ts), so its
       * work never holds the event loop; what `npm start` and the commands use. Needs a `dataDir`.
       */
      thread?: boolean;
    }
  | { kind: 'postgres'; url: string };

/** Applies the committed migrations that the database has not had yet. */
export async function applyMigrations(database: Database): Promise<void> {
  if (is(database.db, PgliteDatabase)) await migratePglite(database.db as never, { migrationsFolder });
  else await migrateNodePg(database.db as never, { migrationsFolder });
}

/**
 * Runs the migrations while holding a PostgreSQL advisory lock, on a connection of its own: instances and
 * workers starting together (a deployment) migrate one after the other, and the later ones find nothing left to
 * do. Without it, two processes on a fresh database both ran the first migration and one failed to start.
 */
async function migrateOnce(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query(`SELECT pg_advisory_lock(hashtext('intergen.migrations'))`);
    try {
      await migrate();
    } finally {
      await lock.query(`SELECT pg_advisory_unlock(hashtext('intergen.migrations'))`);
    }
  } finally {
    lock.release();
  }
}

/** Opens the database and applies the committed migrations. PGlite keeps its files under `dataDir`. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle client that loses its connection (a server restart, a terminated backend) is dropped by the
    // pool and the next query opens a new one; without a listener the error would end the process.
    pool.on('error', (error) => process.emitWarning(`PostgreSQL idle client error: ${error.message}`));
    const timing = queryTiming();
    timing.pool(pool);
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    await migrateOnce(pool, () => migrateNodePg(db as never, { migrationsFolder }));
    const listeners = new Set<Unlisten>();
    return {
      db,
      engine: 'postgres',
      async query(text, params) {
        const result = await pool.query(text, params as unknown[]);
        return result.rows;
      },
      async listen(channel, onMessage, options = {}) {
        const stop = await listenPostgres(target.url, checkedChannel(channel), onMessage, options);
        return tracked(listeners, stop);
      },
      async close() {
        await stopAll(listeners);
        await pool.end();
      },
      observeQueries: timing.observe,
      poolStats: statsOf(pool),
    };
  }
  if (target.thread && target.dataDir) return openPgliteThread({ ...target, dataDir: target.dataDir });
  let client: PGlite;
  if (target.dataDir) {
    privateDataDir(target.dataDir);
    client = new PGlite(target.dataDir, {
      extensions,
      ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    });
  } else {
    client = new PGlite({ extensions, ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}) });
  }
  await client.waitReady;
  const dataDir = target.dataDir;
  if (dataDir) restrictDataDir(dataDir);
  const timing = queryTiming();
  timing.pglite(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (target.migrate !== false) await migratePglite(db as never, { migrationsFolder });
  const listeners = new Set<Unlisten>();
  return {
    db,
    engine: 'pglite',
    async query(text, params) {
      const result = await client.query(text, params as unknown[]);
      return result.rows as never;
    },
    // One process owns an embedded database, so its own listener sees every NOTIFY; it never drops.
    async listen(channel, onMessage) {
      const stop = await client.listen(checkedChannel(channel), onMessage);
      return tracked(listeners, async () => {
        if (!client.closed) await stop();
      });
    },
    async close() {
      await stopAll(listeners);
      await client.close();
      if (dataDir) restrictDataDir(dataDir);
    },
    observeQueries: timing.observe,
    async dumpDataDir() {
      // A checkpoint first writes the data files, so the copy needs little WAL replay when it is opened.
      await client.query('CHECKPOINT');
      return new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer());
    },
  };
}

/** The database the configuration names: PostgreSQL when a URL is set, else PGlite under DATA_DIR/db. */
export function databaseTarget(config: { databaseUrl: string | null; dataDir: string }): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db'), thread: true };
}

/** LISTENs of the embedded database's single connection, re-issued whenever that connection is (re)opened. */
function threadListeners(pool: pg.Pool) {
  const channels = new Map<string, Set<(payload: string) => void>>();
  pool.on('connect', (client) => {
    client.on('notification', (n) => {
      for (const onMessage of channels.get(n.channel) ?? []) onMessage(n.payload ?? '');
    });
    for (const channel of channels.keys()) client.query(`LISTEN ${channel}`).catch(() => {});
  });
  return async (channel: string, onMessage: (payload: string) => void): Promise<Unlisten> => {
    let set = channels.get(channel);
    if (!set) {
      set = new Set();
      channels.set(channel, set);
    }
    set.add(onMessage);
    await pool.query(`LISTEN ${channel}`);
    return async () => {
      set.delete(onMessage);
      if (set.size > 0 || channels.get(channel) !== set) return;
      channels.delete(channel);
      await pool.query(`UNLISTEN ${channel}`);
    };
  };
}

/**
 * PGlite in a worker thread, reached with node-postgres through one connection: PGlite is a single backend, so a
 * pool of one keeps each transaction to itself, as PGlite's own lock does in-process. One process owns the data
 * directory, so this connection sees every NOTIFY.
 */
async function openPgliteThread(target: Extract<DatabaseTarget, { kind: 'pglite' }> & { dataDir: string }) {
  privateDataDir(target.dataDir);
  const load = target.loadDataDir;
  const thread = await startPgliteThread({
    dataDir: target.dataDir,
    ...(load ? { loadDataDir: { bytes: new Uint8Array(await load.arrayBuffer()), type: load.type } } : {}),
  });
  const pool = new pg.Pool({ stream: () => thread.stream(), max: 1, idleTimeoutMillis: 0, user: 'postgres' });
  pool.on('error', (error) => process.emitWarning(`Embedded database connection error: ${error.message}`));
  const timing = queryTiming();
  timing.pool(pool);
  // Before any query: the one connection is opened by the first, and its notifications must be heard.
  const listen = threadListeners(pool);
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  try {
    if (target.migrate !== false) await migrateNodePg(db as never, { migrationsFolder });
  } catch (error) {
    await pool.end().catch(() => {});
    await thread.stop().catch(() => {});
    throw error;
  }
  const listeners = new Set<Unlisten>();
  const database: Database = {
    db,
    engine: 'pglite',
    async query(text, params) {
      return (await pool.query(text, params as unknown[])).rows;
    },
    async listen(channel, onMessage) {
      return tracked(listeners, await listen(checkedChannel(channel), onMessage));
    },
    async close() {
      await stopAll(listeners);
      await pool.end();
      await thread.stop();
    },
    observeQueries: timing.observe,
    poolStats: statsOf(pool),
    async dumpDataDir() {
      // Holding the one connection: the tarball falls between two statements, never inside a transaction.
      const client = await pool.connect();
      try {
        await client.query('CHECKPOINT');
        return await thread.dump();
      } finally {
        client.release();
      }
    },
  };
  return database;
}
