import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Running the server and the commands as separate Node processes, as a shell would (operations.test.ts). */

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The environment of a shell with only DATA_DIR (and the given extras) set for InterGen. */
export function shellEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const base = { ...process.env };
  for (const key of [
    'PORT',
    'HOST',
    'APP_URL',
    'DATABASE_URL',
    'SMTP_URL',
    'TEST_DATABASE_URL',
    'APP_ENV',
    'INIT_CWD',
    'npm_config_force',
  ]) {
    delete base[key];
  }
  return { ...base, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extra };
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a TypeScript entry point of the repository (`apps/server/src/…`) to its end. */
export function runScript(script: string, args: string[], childEnv: NodeJS.ProcessEnv): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: repoRoot,
      env: childEnv,
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
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A TCP port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * How a server is started: `main.ts` itself, `node scripts/start.mjs`, `npm start` (npm, a shell, then node), or
 * `node scripts/start.mjs --demo` (`npm start -- --demo`: the demo filled first).
 */
export type StartCommand = 'main' | 'start.mjs' | 'npm start' | 'start.mjs --demo';

const commands: Record<StartCommand, [string, string[]]> = {
  main: [process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts']],
  // Without building the web app first: these start the API, whose stopping is what is tested.
  'start.mjs': [process.execPath, ['scripts/start.mjs', '--no-build']],
  'npm start': ['npm', ['start', '--silent', '--', '--no-build']],
  'start.mjs --demo': [process.execPath, ['scripts/start.mjs', '--demo', '--no-build']],
};

/**
 * Starts a server and resolves once it says it is running (and, but with `--demo`, has printed the first admin's
 * link: a demo's database has its admin already).
 */
export function startServer(
  childEnv: NodeJS.ProcessEnv,
  command: StartCommand = 'main',
): Promise<{ child: ChildProcess; output: () => string }> {
  return new Promise((resolve, reject) => {
    const [file, args] = commands[command];
    const demo = command === 'start.mjs --demo';
    const child = spawn(file, args, {
      cwd: repoRoot,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const output = () => out;
    // A guard against a server that never comes up, not a wait: it resolves as soon as the line is printed.
    // Filling the demo first takes minutes on a busy machine.
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${out}`)),
      demo ? 600_000 : 120_000,
    );
    child.stdout!.on('data', (d: Buffer) => {
      out += d;
      if (
        /InterGen is running at/.test(out) &&
        (demo || /One-time sign-in link for admin@localhost/.test(out))
      ) {
        clearTimeout(timer);
        resolve({ child, output });
      }
    });
    child.stderr!.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
}

/**
 * Stops a server with SIGTERM and resolves with its exit code; with `killAfterMs`, one still running by then is
 * killed (SIGKILL: the exit code is then null).
 */
export function stopServer(child: ChildProcess, killAfterMs?: number): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  if (killAfterMs === undefined) return exited;
  const killer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  return exited.finally(() => clearTimeout(killer));
}
