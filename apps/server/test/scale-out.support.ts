import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import pg from 'pg';
import { type App, buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import type { MailTransport } from '../src/modules/mail/index.ts';
import { APP_URL, testConfig } from './helpers.ts';

export { urlOf } from './helpers.ts';

import { repoRoot } from './processes.ts';

/**
 * The scale-out test's helpers (scale-out.test.ts): more connections to one PostgreSQL database, app instances
 * on real ports whose mail deliveries are counted, a client that speaks HTTP over a socket as a browser would,
 * and an SMTP server that never answers.
 */

/** Every mail handed to a transport, by outbox key, with the instance that sent it. */
export class Deliveries {
  readonly byKey = new Map<string, string[]>();
  /** Called before each send; may hold it back (the burst's meeting point). */
  before: ((instance: string) => Promise<void>) | null = null;

  transport(instance: string): MailTransport {
    return {
      kind: 'mailbox',
      send: async (mail) => {
        if (this.before) await this.before(instance);
        // A real transport yields to the event loop; so does this one, so the two workers interleave.
        await new Promise((resolve) => setImmediate(resolve));
        this.byKey.set(mail.id, [...(this.byKey.get(mail.id) ?? []), instance]);
      },
      close() {},
    };
  }

  /** How many mails the instance sent. */
  sentBy(instance: string): number {
    let n = 0;
    for (const senders of this.byKey.values()) n += senders.filter((s) => s === instance).length;
    return n;
  }

  /** Keys sent more than once, with their senders. */
  doubled(): [string, string[]][] {
    return [...this.byKey].filter(([, senders]) => senders.length > 1);
  }
}

export interface Instance {
  name: string;
  app: App;
  database: Database;
  base: string;
}

/** An app instance on a real port with its own pool and its worker (started unless told), its mail counted. */
export async function startInstance(
  name: string,
  url: string,
  deliveries: Deliveries,
  opts: { worker?: boolean } = {},
): Promise<Instance> {
  const database = await openDatabase({ kind: 'postgres', url });
  const app = await buildApp({
    config: testConfig(),
    database,
    mailTransport: deliveries.transport(name),
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  if (opts.worker !== false) app.worker.start();
  return { name, app, database, base: `http://127.0.0.1:${port}` };
}

/** Waits until `check` holds, polling (a bound against hanging, not a sleep). */
export async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A member's requests over a real socket with their session cookie and our Origin (APP_URL of the tests). */
export function httpMember(base: string, token: string) {
  const headers = { cookie: `intergen_session=${token}`, origin: APP_URL };
  return {
    async get(path: string) {
      const response = await fetch(`${base}${path}`, { headers });
      return { status: response.status, body: await response.json() };
    },
    async post(path: string, body: unknown = {}) {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.text() };
    },
  };
}

/**
 * An SMTP server that greets and then never answers: a worker sending mail through it waits, its claimed rows
 * in hand, until the process dies (nodemailer gives up on a silent socket only after 10 minutes).
 */
export async function startSilentSmtp(): Promise<{
  port: number;
  connections: () => number;
  close(): Promise<void>;
}> {
  const sockets = new Set<Socket>();
  let seen = 0;
  const server = createServer((socket) => {
    seen++;
    sockets.add(socket);
    socket.write('220 silent.test ESMTP\r\n');
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    connections: () => seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Closes an instance (its streams and keep-alive sockets too) and its pool. */
export async function stopInstance(instance: Instance): Promise<void> {
  const closing = instance.app.close();
  instance.app.server.closeAllConnections();
  await closing;
  await instance.database.close();
}

/** A new, empty PostgreSQL database (no migrations yet), and how to drop it. */
export async function emptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `intergen_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/**
 * Starts `main.ts` (`npm start`) and resolves once it says it is running. Unlike processes.ts's startServer it
 * does not wait for the first admin's link: on a database that has its admin, a second instance prints none.
 * Mail printed to standard output is kept only as a tail.
 */
export function startProcess(
  childEnv: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; output: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let started = false;
    const output = () => out;
    child.stdout!.on('data', (d: Buffer) => {
      out = (out + d).slice(-50_000);
      if (!started && out.includes('InterGen is running at')) {
        started = true;
        resolve({ child, output });
      }
    });
    child.stderr!.on('data', (d: Buffer) => {
      out = (out + d).slice(-50_000);
    });
    child.on('exit', (code, signal) => {
      if (!started) reject(new Error(`server exited with ${code ?? signal}:\n${out}`));
    });
  });
}
