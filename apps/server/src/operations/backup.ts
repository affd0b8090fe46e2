import {
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { applyMigrations, type Database, openDatabase } from '../db/client.ts';
import { acquireDataDirLock, type LockInfo, readLock } from '../db/lock.ts';
import { controlHeaderName } from '../http/security.ts';
import { countAdmins, countUsers } from '../modules/members/index.ts';

/*
 * `npm run backup` and `npm run restore` for the embedded database (PGlite). A backup is PGlite's own tarball of
 * the data directory (`dumpDataDir`), taken from the live instance between two queries: when a server owns the
 * data directory it makes the tarball (asked over the control channel), otherwise the command opens the directory
 * itself. PostgreSQL is backed up with its own tools; the commands print them.
 */

/** The running server's control route that answers with a backup (app.ts). */
export const backupControlPath = '/api/internal/backup';

/** A backup is refused by the running server's route unless it carries the lock's control secret here. */
export const controlHeader = controlHeaderName;

/** `20261124T091500Z`: UTC, sortable, and safe in a file name on every system. */
export function fileTimestamp(at: Date = new Date()): string {
  return at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** `backups/intergen-<UTC timestamp>.tar.gz` beside the data directory (`./backups` for the default `./data`). */
export function defaultBackupPath(dataDir: string, at: Date = new Date()): string {
  return path.join(path.dirname(path.resolve(dataDir)), 'backups', `intergen-${fileTimestamp(at)}.tar.gz`);
}

/** A path as a shell word: quoted when it holds anything but plain path characters. */
function shellWord(value: string): string {
  return /^[\w./@%+=:,-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** PostgreSQL's backup command, as the README documents it. */
export function pgDumpCommand(file: string): string {
  return `pg_dump --format=custom --file=${shellWord(file)} "$DATABASE_URL"`;
}

/** PostgreSQL's restore command: replaces what the database holds with the dump (stop the app first). */
export function pgRestoreCommand(file: string): string {
  return `pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${shellWord(file)}`;
}

/** The embedded database's folder, `DATA_DIR/db`. */
export function databaseDir(config: Pick<Config, 'dataDir'>): string {
  return path.resolve(config.dataDir, 'db');
}

/** Whether a folder holds a PostgreSQL data directory. */
function holdsDatabase(dir: string): boolean {
  return existsSync(path.join(dir, 'PG_VERSION'));
}

/** A live database's snapshot. */
export async function snapshotOf(database: Database): Promise<Uint8Array> {
  if (!database.dumpDataDir)
    throw new Error('Only the embedded database can be snapshot this way: use pg_dump');
  return database.dumpDataDir();
}

/** Asks the running server that owns the data directory for a snapshot. */
export async function snapshotFromServer(port: number, controlToken: string): Promise<Uint8Array> {
  const response = await fetch(`http://127.0.0.1:${port}${backupControlPath}`, {
    method: 'POST',
    headers: { [controlHeader]: controlToken },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new Error(body?.error?.message ?? `The running server answered ${response.status}`);
  }
  return new Uint8Array(await response.arrayBuffer());
}

/** Opens the data directory (taking its lock, so no server starts meanwhile) and snapshots it as it is. */
export async function snapshotOfDataDir(config: Pick<Config, 'dataDir'>): Promise<Uint8Array> {
  const dir = databaseDir(config);
  if (!holdsDatabase(dir)) throw new Error(`There is no embedded database in ${dir}: nothing to back up.`);
  const release = acquireDataDirLock(config.dataDir, { port: null, controlToken: null });
  try {
    // Not migrated: the backup keeps the database exactly as it was (restore brings it up to date).
    const database = await openDatabase({ kind: 'pglite', dataDir: dir, migrate: false });
    try {
      return await snapshotOf(database);
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

export interface BackupResult {
  file: string;
  bytes: number;
  /** The server that made the snapshot, or null when the command opened the data directory itself. */
  server: LockInfo | null;
}

/** A backup never replaces a file. */
function refuseExisting(file: string): void {
  if (existsSync(file)) throw new Error(`${file} exists already: name another file, or move it away first.`);
}

/** Writes a backup file without ever replacing one: a half-written file is never seen under its name. */
function writeNewFile(file: string, bytes: Uint8Array): void {
  refuseExisting(file);
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial-${process.pid}`;
  writeFileSync(partial, bytes, { mode: 0o600 });
  try {
    linkSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
}

/** `npm run backup [file]` for the embedded database. */
export async function backupEmbedded(config: Pick<Config, 'dataDir'>, file?: string): Promise<BackupResult> {
  const target = path.resolve(file ?? defaultBackupPath(config.dataDir));
  refuseExisting(target);
  const holder = readLock(config.dataDir);
  const server = holder?.port && holder.controlToken ? holder : null;
  const bytes = server
    ? await snapshotFromServer(server.port!, server.controlToken!)
    : await snapshotOfDataDir(config);
  writeNewFile(target, bytes);
  return { file: target, bytes: statSync(target).size, server };
}

export interface RestoreResult {
  file: string;
  into: string;
  /** Where the database that was there went (`--force`), or null when the folder was empty. */
  previous: string | null;
  users: number;
  admins: number;
  /** Migrations applied to bring the backup up to date with this version of the app. */
  migrationsApplied: number;
}

/** Why a restore is refused while a process holds the data directory, naming the running server's port. */
export function ownedMessage(dataDir: string, holder: LockInfo): string {
  const who = holder.port
    ? `a running InterGen server (pid ${holder.pid}, port ${holder.port})`
    : `another InterGen command (pid ${holder.pid})`;
  return `${path.resolve(dataDir)} is in use by ${who}: stop it first, then restore.`;
}

/** How many migrations a database has had (none when it has no migrations table). */
async function migrationCount(database: Database): Promise<number> {
  const [table] = await database.query<{ t: string | null }>(
    `SELECT to_regclass('drizzle.__drizzle_migrations')::text AS t`,
  );
  if (!table?.t) return 0;
  const [row] = await database.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM drizzle.__drizzle_migrations',
  );
  return Number(row?.n ?? 0);
}

/** A backup file as PGlite's `loadDataDir` takes it: gzipped (by its magic bytes) or a plain tar. */
function backupBlob(file: string): Blob {
  const bytes = readFileSync(file);
  const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
  return new Blob([bytes], { type: gzip ? 'application/gzip' : 'application/x-tar' });
}

/** Loads the backup into the empty `dir`, brings it up to date and counts what it holds. */
async function loadBackup(file: string, dir: string) {
  const database = await openDatabase({
    kind: 'pglite',
    dataDir: dir,
    loadDataDir: backupBlob(file),
    migrate: false,
  });
  try {
    const before = await migrationCount(database);
    await applyMigrations(database);
    const after = await migrationCount(database);
    return {
      users: await countUsers(database.db),
      admins: await countAdmins(database.db),
      migrationsApplied: after - before,
    };
  } finally {
    await database.close();
  }
}

/**
 * `npm run restore <file> [--force]`: loads a backup into the data directory's database folder. Refused while a
 * process owns the data directory, and over a database unless `force`, which moves that one aside to
 * `<folder>.before-restore-<timestamp>` (never deleted). Should the backup not load, the folder is as it was.
 */
export async function restoreEmbedded(
  config: Pick<Config, 'dataDir'>,
  file: string,
  opts: { force: boolean },
): Promise<RestoreResult> {
  const source = path.resolve(file);
  if (!existsSync(source) || !statSync(source).isFile()) throw new Error(`No backup file at ${source}.`);
  const holder = readLock(config.dataDir);
  if (holder) throw new Error(ownedMessage(config.dataDir, holder));
  const release = acquireDataDirLock(config.dataDir, { port: null, controlToken: null });
  try {
    const dir = databaseDir(config);
    const occupied = existsSync(dir) && readdirSync(dir).length > 0;
    if (occupied && !opts.force) {
      throw new Error(
        `${dir} already holds a database. Restoring replaces it: run again with --force to move it aside ` +
          `(to ${path.basename(dir)}.before-restore-<timestamp>) and restore.`,
      );
    }
    const previous = occupied ? `${dir}.before-restore-${fileTimestamp()}` : null;
    if (previous) renameSync(dir, previous);
    try {
      return { file: source, into: dir, previous, ...(await loadBackup(source, dir)) };
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      if (previous) renameSync(previous, dir);
      const cause = error instanceof Error ? error.message : String(error);
      throw new Error(
        `${source} could not be restored (${cause}); is it a backup made by npm run backup? ` +
          (previous ? `The database that was there is back in ${dir}.` : 'Nothing was changed.'),
      );
    }
  } finally {
    release();
  }
}
