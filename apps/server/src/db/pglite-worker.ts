import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ThreadReply, ThreadRequest, ThreadStart } from './pglite-thread.ts';
import { restrictDataDir } from './private-files.ts';

/*
 * The embedded database's thread (pglite-thread.ts starts it): PGlite runs here, so its WebAssembly never holds
 * the main event loop. The main thread talks to it with node-postgres over the PostgreSQL wire protocol: each
 * connection's bytes come in as `data` messages, are cut into whole protocol messages and handed to PGlite one at
 * a time, in arrival order; PGlite's answer bytes go back as they come. PGlite is one backend, so the main thread
 * keeps one connection open (a pool of one); a connection that goes away leaves no open transaction, prepared
 * statement or LISTEN behind for the next one.
 */

const port = parentPort!;
const start = workerData as ThreadStart;
const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;

interface Connection {
  /** Bytes received that do not make a whole message yet. */
  rest: Buffer;
  /** Until the startup message, messages have no type byte. */
  startup: boolean;
}
const connections = new Map<number, Connection>();
/** How often the data directory's new files are made private (private-files.ts), off the main thread. */
const RESTRICT_EVERY_MS = 5_000;
let restricting: NodeJS.Timeout | undefined;

/** Work runs one item at a time: PGlite is a single backend. */
let queue: Promise<unknown> = Promise.resolve();
function serial<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work);
  queue = next.catch(() => {});
  return next;
}

function reply(message: ThreadReply, transfer: ArrayBuffer[] = []): void {
  port.postMessage(message, transfer);
}

/** The whole messages at the start of a connection's bytes; what is left waits for more. */
function cut(connection: Connection): { bytes: Buffer; startup: boolean }[] {
  const messages: { bytes: Buffer; startup: boolean }[] = [];
  for (;;) {
    const { rest, startup } = connection;
    const length = startup
      ? rest.length >= 4
        ? rest.readInt32BE(0)
        : 0
      : rest.length >= 5
        ? 1 + rest.readInt32BE(1)
        : 0;
    if (length <= 0 || rest.length < length) return messages;
    const bytes = rest.subarray(0, length);
    connection.rest = rest.subarray(length);
    const code = startup && length >= 8 ? bytes.readInt32BE(4) : 0;
    // An SSL or cancel request comes before the startup message, which has no type byte either.
    if (startup && code !== SSL_REQUEST && code !== CANCEL_REQUEST) connection.startup = false;
    messages.push({ bytes, startup });
  }
}

async function run(db: PGlite, id: number, message: { bytes: Buffer; startup: boolean }): Promise<void> {
  const { bytes, startup } = message;
  if (startup && bytes.length >= 8) {
    const code = bytes.readInt32BE(4);
    // The connection never leaves the process: no TLS; and a query is never cancelled from outside.
    if (code === SSL_REQUEST) return reply({ op: 'data', id, bytes: new Uint8Array([0x4e]) });
    if (code === CANCEL_REQUEST) return;
  }
  // Terminate ends the connection, not PGlite's backend.
  if (!startup && bytes[0] === 0x58) return end(db, id);
  await db.execProtocolRawStream(new Uint8Array(bytes), {
    // The files are written through at the end of a statement (Sync, simple Query), as PGlite does per query.
    syncToFs: !startup && (bytes[0] === 0x53 || bytes[0] === 0x51),
    onRawData: (data) => {
      const out = data.slice();
      reply({ op: 'data', id, bytes: out }, [out.buffer as ArrayBuffer]);
    },
  });
}

/** A connection gone: what it left open must not reach the next one. */
async function end(db: PGlite, id: number): Promise<void> {
  if (!connections.delete(id)) return;
  if (db.isInTransaction()) await db.exec('ROLLBACK');
  await db.exec('DEALLOCATE ALL; UNLISTEN *');
  reply({ op: 'closed', id });
}

function received(db: PGlite, id: number, bytes: Uint8Array): void {
  let connection = connections.get(id);
  if (!connection) {
    connection = { rest: Buffer.alloc(0), startup: true };
    connections.set(id, connection);
  }
  connection.rest = Buffer.concat([connection.rest, bytes]);
  for (const message of cut(connection)) {
    void serial(() => run(db, id, message)).catch((error: unknown) =>
      reply({ op: 'failed', id, error: error instanceof Error ? error.message : String(error) }),
    );
  }
}

async function answer(db: PGlite, request: Extract<ThreadRequest, { rid: number }>): Promise<void> {
  try {
    if (request.op === 'dump') {
      const tarball = await serial(
        async () => new Uint8Array(await (await db.dumpDataDir('gzip')).arrayBuffer()),
      );
      reply({ op: 'reply', rid: request.rid, bytes: tarball }, [tarball.buffer as ArrayBuffer]);
      return;
    }
    clearInterval(restricting);
    await serial(() => db.close());
    restrictDataDir(start.dataDir);
    reply({ op: 'reply', rid: request.rid });
    port.close();
  } catch (error) {
    reply({ op: 'reply', rid: request.rid, error: error instanceof Error ? error.message : String(error) });
  }
}

async function main(): Promise<void> {
  const { dataDir, loadDataDir } = start;
  const db = new PGlite(dataDir, {
    extensions: { pg_trgm },
    ...(loadDataDir
      ? { loadDataDir: new Blob([loadDataDir.bytes as Uint8Array<ArrayBuffer>], { type: loadDataDir.type }) }
      : {}),
  });
  await db.waitReady;
  restrictDataDir(dataDir);
  restricting = setInterval(() => {
    try {
      restrictDataDir(dataDir);
    } catch {
      // Tried again on the next round and at close; the folder itself is 0700 meanwhile.
    }
  }, RESTRICT_EVERY_MS);
  restricting.unref();
  port.on('message', (request: ThreadRequest) => {
    if (request.op === 'data') received(db, request.id, request.bytes);
    else if (request.op === 'close') void serial(() => end(db, request.id));
    else void answer(db, request);
  });
  reply({ op: 'ready' });
}

main().catch((error: unknown) => {
  reply({ op: 'failed', id: null, error: error instanceof Error ? error.message : String(error) });
  port.close();
});
