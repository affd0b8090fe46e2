import type { LiveTopic } from '@intergen/contracts';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { mailbox } from '../src/db/schema.ts';
import { type Engine, freshDatabase, type TestApp, testConfig } from './helpers.ts';

/** Reading `GET /api/events` over a real socket, as a browser does: the live tests' helpers. */

/** One parsed Server-Sent Events block. */
export interface SseBlock {
  event?: string;
  data?: string;
  retry?: number;
  comment?: string;
}

/** An open `GET /api/events` read over a real socket, its blocks collected as they arrive. */
export interface Stream {
  status: number;
  headers: Headers;
  blocks: SseBlock[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** The topics of each `change` event so far. */
  changes(): LiveTopic[][];
  /** Waits until a block matching `test` has arrived (fails after `timeoutMs`). */
  waitFor(test: (block: SseBlock) => boolean, timeoutMs?: number): Promise<SseBlock>;
  close(): void;
}

function parseBlock(text: string): SseBlock {
  const block: SseBlock = {};
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) block.comment = line.slice(1).trim();
    else if (line.startsWith('event:')) block.event = line.slice(6).trim();
    else if (line.startsWith('data:')) block.data = line.slice(5).trim();
    else if (line.startsWith('retry:')) block.retry = Number(line.slice(6).trim());
  }
  return block;
}

export async function openStream(base: string, token?: string): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events`, {
    headers: token ? { cookie: `intergen_session=${token}` } : {},
    signal: controller.signal,
  });
  const blocks: SseBlock[] = [];
  let resolveEnded: () => void = () => {};
  const ended = new Promise<void>((resolve) => {
    resolveEnded = resolve;
  });
  if (response.ok && response.body) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let at = buffer.indexOf('\n\n');
          while (at >= 0) {
            blocks.push(parseBlock(buffer.slice(0, at)));
            buffer = buffer.slice(at + 2);
            at = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // aborted by close()
      }
      resolveEnded();
    })();
  } else {
    // Read the error answer, so its connection goes back idle and the app's close need not wait for it.
    await response.text().catch(() => '');
    resolveEnded();
  }
  return {
    status: response.status,
    headers: response.headers,
    blocks,
    ended,
    changes: () =>
      blocks.filter((b) => b.event === 'change').map((b) => JSON.parse(b.data ?? '{}').topics as LiveTopic[]),
    async waitFor(test, timeoutMs = 8000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = blocks.find(test);
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(`no matching block within ${timeoutMs} ms; got ${JSON.stringify(blocks)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: () => controller.abort(),
  };
}

export const isChange = (topics: LiveTopic[]) => (b: SseBlock) =>
  b.event === 'change' && JSON.stringify(JSON.parse(b.data ?? '{}').topics) === JSON.stringify(topics);

/** The app on a real port, as a browser reaches it, pinging every 150 ms (or as told). */
export async function listeningApp(
  database: Database,
  livePingMs = 150,
): Promise<{ app: App; base: string }> {
  const app = await buildApp({
    config: testConfig(),
    database,
    printMail: () => {},
    logger: false,
    livePingMs,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, base: `http://127.0.0.1:${port}` };
}

/**
 * Closes a listening app without waiting for the test's keep-alive connections to time out (Fastify waits for
 * busy sockets; fetch keeps its own open for reuse).
 */
export async function closeListening(app: App) {
  const closing = app.close();
  app.server.closeAllConnections();
  await closing;
}

/** The listening app in the shape the factories take (they sign members up and read their mail). */
export function asTestApp(app: App, database: Database): TestApp {
  return {
    app,
    database,
    deliverMail: async () => {
      await app.worker.drain();
    },
    async mailTo(to) {
      await app.worker.drain();
      const rows = await database.db.select().from(mailbox).orderBy(desc(mailbox.createdAt));
      return rows.filter((m) => m.to === to).map((m) => ({ subject: m.subject, text: m.text }));
    },
    close: async () => {},
  };
}

/** The session token a member's client holds, as a browser's cookie. */
export const sessionTokenOf = (m: { client: { cookies: Map<string, string> } }) =>
  m.client.cookies.get('intergen_session')!;

/** A stream opened with the session `token`, answered 200 and past its first block (the retry advice). */
export async function openedStream(base: string, token: string): Promise<Stream> {
  const stream = await openStream(base, token);
  expect(stream.status).toBe(200);
  await stream.waitFor((b) => b.retry !== undefined);
  return stream;
}

/** A describe block's listening app on a fresh database: set up before its tests, closed after them. */
export interface ListeningSuite {
  app: App;
  base: string;
  database: Database;
  /** The listening app in the factories' shape (filled in before the tests). */
  t: TestApp;
  /** A stream opened with the member's session (`openedStream`). */
  open(member: { client: { cookies: Map<string, string> } }): Promise<Stream>;
}

/**
 * Registers the hooks of a describe block whose tests need a listening app on a fresh `engine` database (pinging
 * every `livePingMs`). After its tests, queued CRM and mail work finishes before the app closes (closing under
 * a running job makes PostgreSQL's close wait about a minute for the pool).
 */
export function useListeningApp(engine: Engine, livePingMs?: number): ListeningSuite {
  const suite = {
    t: {} as TestApp,
    open: (member) => openedStream(suite.base, sessionTokenOf(member)),
  } as ListeningSuite;
  beforeAll(async () => {
    suite.database = await freshDatabase(engine);
    Object.assign(suite, await listeningApp(suite.database, livePingMs));
    Object.assign(suite.t, asTestApp(suite.app, suite.database));
  });
  afterAll(async () => {
    await suite.app.worker.drain();
    await closeListening(suite.app);
    await suite.database.close();
  });
  return suite;
}
