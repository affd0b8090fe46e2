/**
 * Where a request's time goes, for `api.bench.ts`: the app built in this process with `buildApp` (the production
 * configuration, logging at `info` to a file, as the measured process logs), listening on a port, and each route
 * asked one request at a time so that what happens between two hooks belongs to one request. Measured inside the
 * server, per request:
 *
 * - session: `auth.resolveSession` (the cookie → the user), with its database round trips;
 * - handler: from the last preHandler to preSerialization (the route's queries and the mapping of their rows),
 *   with its round trips and the time spent waiting for them; 0 for a kept list, sent by the app's own preHandler
 *   before the handler (finding it is in "rest");
 * - serialise: preSerialization → onSend (the response schema's check and `JSON.stringify`; 0 for an answer the
 *   route made as JSON itself, whose making is the handler's);
 * - rest: everything else of `reply.elapsedTime` (routing, helmet, cookies, the origin check, validation,
 *   the request log lines, writing the answer).
 *
 * Round trips are counted and timed by wrapping `pg.Client.prototype.query` (every query of the pool goes
 * through it). Not a benchmark itself (run.ts runs only `*.bench.ts`).
 */
import { createWriteStream } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { median } from './report.ts';

export interface Endpoint {
  name: string;
  path: string;
  /** A reference row: printed beside the goals, not judged. */
  reference?: boolean;
}

export interface Phases {
  total: number;
  session: number;
  sessionQueries: number;
  handler: number;
  handlerQueries: number;
  handlerQueryMs: number;
  serialise: number;
  rest: number;
  bytes: number;
}

/** Counts and times every query sent through node-postgres (sequential requests only: one global counter). */
function countQueries() {
  const counter = { count: 0, ms: 0 };
  const original = pg.Client.prototype.query;
  // biome-ignore lint/suspicious/noExplicitAny: node-postgres's overloads (promise or callback)
  pg.Client.prototype.query = function (this: pg.Client, ...args: any[]) {
    counter.count++;
    const start = performance.now();
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last];
      args[last] = (...result: unknown[]) => {
        counter.ms += performance.now() - start;
        callback(...result);
      };
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    }
    const answer = (original as (...a: unknown[]) => unknown).apply(this, args);
    if (answer && typeof (answer as Promise<unknown>).then === 'function') {
      (answer as Promise<unknown>).then(
        () => {
          counter.ms += performance.now() - start;
        },
        () => {},
      );
    }
    return answer;
  } as typeof original;
  return { counter, restore: () => (pg.Client.prototype.query = original) };
}

/**
 * Builds the app on `databaseUrl` and asks each endpoint `requests` times (after `warmUp` unmeasured ones), one
 * at a time with `cookie`; the median of each phase per endpoint.
 */
export async function breakdown(options: {
  databaseUrl: string;
  dataDir: string;
  appUrl: string;
  cookie: string;
  endpoints: Endpoint[];
  requests: number;
  warmUp: number;
}): Promise<Map<string, Phases>> {
  const config = loadConfig({
    APP_ENV: 'production',
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir,
    APP_URL: options.appUrl,
    LOG_LEVEL: 'info',
    // As the app process gets it: `SESSION_CACHE=false npm run bench -- api` measures without the session cache.
    ...(process.env.SESSION_CACHE ? { SESSION_CACHE: process.env.SESSION_CACHE } : {}),
  });
  const database = await openDatabase({ kind: 'postgres', url: options.databaseUrl });
  const log = createWriteStream(`${options.dataDir}/breakdown.log`);
  const { counter, restore } = countQueries();
  const app = await buildApp({ config, database, logger: { stream: log } });

  // The current request's marks (requests go one at a time).
  let current = { session: 0, sessionQueries: 0, handlerStart: 0, q0: 0, qms0: 0, serialiseStart: 0 };
  let phases: Omit<Phases, 'total' | 'rest' | 'bytes'> = {
    session: 0,
    sessionQueries: 0,
    handler: 0,
    handlerQueries: 0,
    handlerQueryMs: 0,
    serialise: 0,
  };
  let finished: Phases | null = null;
  const auth = app.services.auth;
  const resolveSession = auth.resolveSession;
  auth.resolveSession = async (token: string) => {
    const start = performance.now();
    const q = counter.count;
    try {
      return await resolveSession(token);
    } finally {
      current.session = performance.now() - start;
      current.sessionQueries = counter.count - q;
    }
  };
  app.addHook('preHandler', async () => {
    current.handlerStart = performance.now();
    current.q0 = counter.count;
    current.qms0 = counter.ms;
  });
  const handlerDone = (at: number) => ({
    session: current.session,
    sessionQueries: current.sessionQueries,
    handler: at - current.handlerStart,
    handlerQueries: counter.count - current.q0,
    handlerQueryMs: counter.ms - current.qms0,
    serialise: 0,
  });
  app.addHook(
    'preSerialization',
    async (_request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
      current.serialiseStart = performance.now();
      phases = handlerDone(current.serialiseStart);
      return payload;
    },
  );
  app.addHook('onSend', async (_request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    const at = performance.now();
    // An answer the route made as JSON itself (own profile) is sent as it is, without preSerialization: making it
    // is the handler's time.
    if (current.handlerStart === 0) {
      // Sent before the handler (a kept list, answered by the app's own preHandler): no handler time.
      current.handlerStart = at;
      current.q0 = counter.count;
      current.qms0 = counter.ms;
      phases = handlerDone(at);
    } else if (current.serialiseStart === 0) phases = handlerDone(at);
    else phases.serialise = at - current.serialiseStart;
    return payload;
  });
  app.addHook('onResponse', async (_request: FastifyRequest, reply: FastifyReply) => {
    const total = reply.elapsedTime;
    finished = {
      ...phases,
      total,
      rest: total - phases.session - phases.handler - phases.serialise,
      bytes: Number(reply.getHeader('content-length') ?? 0),
    };
    current = { session: 0, sessionQueries: 0, handlerStart: 0, q0: 0, qms0: 0, serialiseStart: 0 };
  });

  const results = new Map<string, Phases>();
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    for (const endpoint of options.endpoints) {
      const samples: Phases[] = [];
      for (let i = 0; i < options.warmUp + options.requests; i++) {
        finished = null;
        const response = await fetch(`${base}${endpoint.path}`, { headers: { cookie: options.cookie } });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${endpoint.path} answered ${response.status}`);
        // onResponse runs once the answer is written: wait for it (it is this request's).
        while (!finished) await new Promise((resolve) => setImmediate(resolve));
        if (i >= options.warmUp) samples.push(finished);
      }
      const med = (key: keyof Phases) => median(samples.map((s) => s[key]));
      results.set(endpoint.name, {
        total: med('total'),
        session: med('session'),
        sessionQueries: med('sessionQueries'),
        handler: med('handler'),
        handlerQueries: med('handlerQueries'),
        handlerQueryMs: med('handlerQueryMs'),
        serialise: med('serialise'),
        rest: med('rest'),
        bytes: med('bytes'),
      });
    }
  } finally {
    await app.close();
    await database.close();
    restore();
    log.end();
  }
  return results;
}
