import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, readLock } from '../src/db/lock.ts';

/** Lets a test act right after the lock module reads a lock file, as another process could. */
const fsHook = vi.hoisted(() => ({ afterLockRead: null as null | (() => void) }));
vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  const readFileSync = ((...args: Parameters<typeof actual.readFileSync>) => {
    const result = actual.readFileSync(...args);
    const hook = fsHook.afterLockRead;
    if (hook && String(args[0]).endsWith('intergen.lock')) {
      fsHook.afterLockRead = null;
      hook();
    }
    return result;
  }) as typeof actual.readFileSync;
  return { ...actual, readFileSync, default: { ...actual, readFileSync } };
});

const lockModule = pathToFileURL(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/db/lock.ts'),
).href;

/** Runs a snippet of ESM TypeScript in a child node process; resolves with its exit code and output. */
function runNode(code: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (exit) => resolve({ code: exit, stdout, stderr }));
  });
}

/** A child that tries to take the lock of `dir` and reports ACQUIRED or LOCKED with the error message. */
const tryAcquire = (dir: string) =>
  runNode(`
    import { acquireDataDirLock, DataDirLockedError } from ${JSON.stringify(lockModule)};
    try {
      acquireDataDirLock(${JSON.stringify(dir)}, { port: null, controlToken: null });
      console.log('ACQUIRED');
    } catch (error) {
      console.log(error instanceof DataDirLockedError ? 'LOCKED' : 'OTHER');
      console.log(error.message);
      process.exit(3);
    }
  `);

/** The pid of a process that has just exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  const pid = child.pid!;
  await new Promise((resolve) => child.on('close', resolve));
  return pid;
}

// Several cases start Node processes; on a loaded two-core machine that can take tens of seconds.
describe('data directory lock', { timeout: 120_000 }, () => {
  const dirs: string[] = [];
  const releases: (() => void)[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'intergen-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const release of releases.splice(0)) release();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('takes the lock of a free directory, recording the pid, port and control token', () => {
    const dir = tempDir();
    releases.push(acquireDataDirLock(dir, { port: 4321, controlToken: 'secret-token' }));

    const info = readLock(dir);
    expect(info).toMatchObject({ pid: process.pid, port: 4321, controlToken: 'secret-token' });
    expect(Date.parse(info!.startedAt)).not.toBeNaN();
    const onDisk = JSON.parse(readFileSync(path.join(dir, 'intergen.lock'), 'utf8'));
    expect(onDisk.pid).toBe(process.pid);
  });

  it('creates the directory when it does not exist yet', () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    releases.push(acquireDataDirLock(dir, { port: null, controlToken: null }));
    expect(readLock(dir)?.pid).toBe(process.pid);
  });

  it('refuses a second process while the lock is held, with a clear message naming the holder', async () => {
    const dir = tempDir();
    releases.push(acquireDataDirLock(dir, { port: 4321, controlToken: 'secret-token' }));

    const result = await tryAcquire(dir);
    expect(result.code).toBe(3);
    expect(result.stdout).toContain('LOCKED');
    expect(result.stdout).toContain(
      `The data directory is in use by another InterGen process (pid ${process.pid}`,
    );
    expect(result.stdout).toContain('stop that process first, or point DATA_DIR elsewhere');
    expect(readLock(dir)?.pid).toBe(process.pid);
  });

  it('lets another process take the lock once it is released, and release removes the file', async () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir, { port: null, controlToken: null });
    release();
    expect(existsSync(path.join(dir, 'intergen.lock'))).toBe(false);
    expect(readLock(dir)).toBeNull();

    const result = await tryAcquire(dir);
    expect(result.stdout).toContain('ACQUIRED');
    expect(result.code).toBe(0);
    // The child released its lock when it exited.
    expect(existsSync(path.join(dir, 'intergen.lock'))).toBe(false);
  });

  it('takes over a stale lock left by a process that is gone', async () => {
    const dir = tempDir();
    const pid = await deadPid();
    writeFileSync(
      path.join(dir, 'intergen.lock'),
      JSON.stringify({ pid, port: 9999, controlToken: 'old', startedAt: new Date(0).toISOString() }),
    );
    expect(readLock(dir)).toBeNull();

    releases.push(acquireDataDirLock(dir, { port: 1234, controlToken: 'new' }));
    expect(readLock(dir)).toMatchObject({ pid: process.pid, port: 1234, controlToken: 'new' });
  });

  it('does not delete the lock of a process that took over a stale lock while this one was looking', async () => {
    const dir = tempDir();
    writeFileSync(
      path.join(dir, 'intergen.lock'),
      JSON.stringify({
        pid: await deadPid(),
        port: null,
        controlToken: null,
        startedAt: new Date(0).toISOString(),
      }),
    );
    const rival = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    try {
      // Another process starting at the same moment: right after this one read the stale lock,
      // the rival takes the directory over (the interleaving two processes started together can hit).
      fsHook.afterLockRead = () =>
        writeFileSync(
          path.join(dir, 'intergen.lock'),
          JSON.stringify({
            pid: rival.pid,
            port: 7777,
            controlToken: 'rival',
            startedAt: new Date().toISOString(),
          }),
        );

      let error: unknown = null;
      try {
        releases.push(acquireDataDirLock(dir, { port: null, controlToken: null }));
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(DataDirLockedError);
      expect(readLock(dir)).toMatchObject({ pid: rival.pid, controlToken: 'rival' });
    } finally {
      fsHook.afterLockRead = null;
      rival.kill();
    }
  });

  it('takes over a lock file that is not valid JSON', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'intergen.lock'), 'garbage');
    releases.push(acquireDataDirLock(dir, { port: null, controlToken: null }));
    expect(readLock(dir)?.pid).toBe(process.pid);
  });

  it('reports no holder for a directory without a lock', () => {
    expect(readLock(tempDir())).toBeNull();
  });
});
