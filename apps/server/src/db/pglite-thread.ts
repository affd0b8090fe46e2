import { createRequire } from 'node:module';
import path from 'node:path';
import { Duplex } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/*
 * The embedded database off the main thread: PGlite runs in a worker thread (pglite-worker.ts) and the server
 * reaches it with node-postgres, the driver it uses for PostgreSQL, through streams that carry the wire protocol
 * between the threads (node-postgres takes a `stream` in place of a socket). Nothing listens on a port or a
 * socket file, so no other process can reach the database.
 */

export interface ThreadStart {
  dataDir: string;
  /** A backup to unpack into the empty `dataDir` first. */
  loadDataDir?: { bytes: Uint8Array; type: string };
}

export type ThreadRequest =
  | { op: 'data'; id: number; bytes: Uint8Array }
  | { op: 'close'; id: number }
  | { op: 'dump'; rid: number }
  | { op: 'stop'; rid: number };

export type ThreadReply =
  | { op: 'ready' }
  | { op: 'data'; id: number; bytes: Uint8Array }
  | { op: 'closed'; id: number }
  | { op: 'failed'; id: number | null; error: string }
  | { op: 'reply'; rid: number; bytes?: Uint8Array; error?: string };

export interface PgliteThread {
  /** A new connection to the thread, as node-postgres's `stream` option takes it. */
  stream(): Duplex;
  /** PGlite's gzipped tarball of the data directory, taken between two protocol messages. */
  dump(): Promise<Uint8Array>;
  /** Closes PGlite and ends the thread. */
  stop(): Promise<void>;
}

/**
 * The worker is TypeScript: it registers tsx first, whichever way the main thread was started (on Node 20 a
 * worker's `--import` does not reach its entry module).
 */
const tsxApi = pathToFileURL(
  path.join(
    path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')),
    'dist/esm/api/index.mjs',
  ),
).href;
const workerFile = new URL('./pglite-worker.ts', import.meta.url).href;
const workerEntry = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(workerFile)}); })`;

/** One connection's end in the main thread: what node-postgres writes goes to the thread, and back. */
class ThreadStream extends Duplex {
  private gone = false;
  constructor(
    private readonly post: (message: ThreadRequest, transfer?: ArrayBuffer[]) => void,
    readonly id: number,
    private readonly forget: (id: number) => void,
  ) {
    super();
  }
  connect(): this {
    process.nextTick(() => this.emit('connect'));
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  /** The worker thread, not the stream, keeps the process alive until the database is closed. */
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
  override _read(): void {}
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    if (this.gone) {
      done(new Error('The embedded database connection is closed'));
      return;
    }
    const bytes = new Uint8Array(chunk);
    this.post({ op: 'data', id: this.id, bytes }, [bytes.buffer as ArrayBuffer]);
    done();
  }
  override _final(done: (error?: Error | null) => void): void {
    this.close();
    done();
  }
  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.close();
    this.forget(this.id);
    done(error);
  }
  /** The thread's answer bytes. */
  received(bytes: Uint8Array): void {
    this.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }
  /** The thread has let the connection go. */
  ended(): void {
    this.gone = true;
    this.push(null);
    this.forget(this.id);
  }
  private close(): void {
    if (this.gone) return;
    this.gone = true;
    this.post({ op: 'close', id: this.id });
  }
}

/** Starts PGlite on `start.dataDir` in a worker thread; resolves once it is ready for connections. */
export function startPgliteThread(start: ThreadStart): Promise<PgliteThread> {
  const worker = new Worker(workerEntry, { eval: true, workerData: start });
  const streams = new Map<number, ThreadStream>();
  const waiting = new Map<
    number,
    { resolve: (bytes?: Uint8Array) => void; reject: (error: Error) => void }
  >();
  let nextId = 1;
  let gone: Error | null = null;
  const post = (message: ThreadRequest, transfer: ArrayBuffer[] = []) => {
    if (gone) throw gone;
    worker.postMessage(message, transfer);
  };
  const ask = (op: 'dump' | 'stop') =>
    new Promise<Uint8Array | undefined>((resolve, reject) => {
      const rid = nextId++;
      waiting.set(rid, { resolve, reject });
      post({ op, rid });
    });
  const fail = (error: Error) => {
    gone ??= error;
    for (const stream of streams.values()) stream.destroy(error);
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
  };
  const thread: PgliteThread = {
    stream: () => {
      const stream = new ThreadStream(post, nextId++, (id) => streams.delete(id));
      streams.set(stream.id, stream);
      return stream;
    },
    dump: async () => (await ask('dump'))!,
    stop: async () => {
      if (gone) return;
      await ask('stop');
      await new Promise((resolve) => worker.once('exit', resolve));
    },
  };
  return new Promise((resolve, reject) => {
    worker.on('message', (message: ThreadReply) => {
      if (message.op === 'ready') resolve(thread);
      else if (message.op === 'data') streams.get(message.id)?.received(message.bytes);
      else if (message.op === 'closed') streams.get(message.id)?.ended();
      else if (message.op === 'failed') {
        const error = new Error(`The embedded database failed: ${message.error}`);
        if (message.id === null) reject(error);
        else streams.get(message.id)?.destroy(error);
      } else {
        const pending = waiting.get(message.rid);
        waiting.delete(message.rid);
        if (message.error) pending?.reject(new Error(message.error));
        else pending?.resolve(message.bytes);
      }
    });
    worker.on('error', (error) => {
      fail(error);
      reject(error);
    });
    worker.on('exit', (code) => {
      const error = new Error(`The embedded database's thread ended (exit code ${code})`);
      fail(error);
      reject(error);
    });
  });
}
