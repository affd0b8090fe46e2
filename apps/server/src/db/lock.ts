import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface LockInfo {
  pid: number;
  port: number | null;
  /** A random secret that lets the admin command talk to the running server. */
  controlToken: string | null;
  startedAt: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly holder: LockInfo,
  ) {
    super(
      `The data directory is in use by another InterGen process (pid ${holder.pid}, started ${holder.startedAt}). ` +
        'PGlite allows one process per data directory: stop that process first, or point DATA_DIR elsewhere.',
    );
  }
}

const LOCK_FILE = 'intergen.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parse(file: string): LockInfo | null {
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
    return typeof info.pid === 'number' ? info : null;
  } catch {
    return null;
  }
}

/** The live holder of a data directory's lock, or null when it is free or its holder is gone. */
export function readLock(dataDir: string): LockInfo | null {
  const info = parse(path.join(dataDir, LOCK_FILE));
  return info && isAlive(info.pid) ? info : null;
}

/**
 * Takes the single-owner lock of a PGlite data directory and returns a release function.
 *
 * The lock file is written whole under a temporary name and then hard-linked into place, which fails if a
 * lock exists: no one ever sees a half-written lock. A lock whose process is dead is moved aside with an
 * atomic rename before retrying; if what was moved turns out to be a live process's fresh lock (another
 * starter took over first), it is linked back and this process gives way. So of any number of processes
 * starting together, exactly one holds the lock.
 */
export function acquireDataDirLock(dataDir: string, info: Omit<LockInfo, 'pid' | 'startedAt'>): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  const mine: LockInfo = { pid: process.pid, startedAt: new Date().toISOString(), ...info };
  const unique = () => `${lockPath}.${process.pid}.${randomBytes(6).toString('hex')}`;
  const draft = unique();
  writeFileSync(draft, JSON.stringify(mine), { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 10; attempt++) {
      try {
        linkSync(draft, lockPath);
        let released = false;
        const release = () => {
          if (released) return;
          released = true;
          if (parse(lockPath)?.pid === process.pid) rmSync(lockPath, { force: true });
        };
        process.once('exit', release);
        return release;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = parse(lockPath);
      if (holder && isAlive(holder.pid)) throw new DataDirLockedError(lockPath, holder);
      const aside = unique();
      try {
        renameSync(lockPath, aside);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // someone else moved it
        throw error;
      }
      const moved = parse(aside);
      if (moved && isAlive(moved.pid)) {
        // We moved a lock another process had just taken: put it back and give way.
        try {
          linkSync(aside, lockPath);
        } finally {
          rmSync(aside, { force: true });
        }
        throw new DataDirLockedError(lockPath, moved);
      }
      rmSync(aside, { force: true });
    }
    throw new Error(`Could not take the lock ${lockPath}`);
  } finally {
    rmSync(draft, { force: true });
  }
}
