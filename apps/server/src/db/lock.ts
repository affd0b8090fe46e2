import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readLock(dataDir: string): LockInfo | null {
  try {
    const info = JSON.parse(readFileSync(path.join(dataDir, 'intergen.lock'), 'utf8')) as LockInfo;
    return isAlive(info.pid) ? info : null;
  } catch {
    return null;
  }
}

/**
 * Takes the single-owner lock of a PGlite data directory. A lock left by a dead process is taken over;
 * a live holder makes this throw DataDirLockedError. Returns a release function.
 */
export function acquireDataDirLock(dataDir: string, info: Omit<LockInfo, 'pid' | 'startedAt'>): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'intergen.lock');
  const mine: LockInfo = { pid: process.pid, startedAt: new Date().toISOString(), ...info };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx', 0o600);
      writeSync(fd, JSON.stringify(mine));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        rmSync(lockPath, { force: true });
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLock(dataDir);
      if (holder && holder.pid !== process.pid) throw new DataDirLockedError(lockPath, holder);
      rmSync(lockPath, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}
