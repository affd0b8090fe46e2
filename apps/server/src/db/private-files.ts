import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Makes a data directory private to the process's user (DESIGN.md §1): created 0700, with the umask at 077 for
 * what the process creates from now on (process-wide; a worker thread cannot set it), and what it holds already
 * (an install of before) put right.
 */
export function privateDataDir(dir: string): void {
  try {
    process.umask(0o077);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_WORKER_UNSUPPORTED_OPERATION') throw error;
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  restrictDataDir(dir);
}

/**
 * Every folder under `dir` 0700 and every file 0600. PGlite's file system sets its files' modes itself (0666 and
 * 0644, whatever the umask), so this runs when the database opens, every few seconds while it runs, and when it
 * closes; the folder being 0700 already keeps other users out in between.
 */
export function restrictDataDir(dir: string): void {
  restrict(dir);
}

function restrict(entry: string): void {
  let stat: ReturnType<typeof lstatSync>;
  try {
    stat = lstatSync(entry);
  } catch (error) {
    // PGlite removes files as it goes (WAL segments, temporary files).
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    if ((stat.mode & 0o777) !== 0o700) gone(() => chmodSync(entry, 0o700));
    for (const name of gone(() => readdirSync(entry)) ?? []) restrict(path.join(entry, name));
  } else if ((stat.mode & 0o777) !== 0o600) {
    gone(() => chmodSync(entry, 0o600));
  }
}

/** Runs a file operation on an entry that may have been removed meanwhile. */
function gone<T>(operation: () => T): T | undefined {
  try {
    return operation();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
