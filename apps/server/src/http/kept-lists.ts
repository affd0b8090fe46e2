import type { FastifyInstance } from 'fastify';
import { everyMember, type KeptReads } from '../lib/kept-lists.ts';
import type { SessionCache } from '../modules/auth/index.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A member's own list (a GET whose answer depends only on the caller and the rows it read), or a community page
     * (on the caller and every member's rows and scores), as its read model declares what it reads: with the
     * session cache, its JSON answer is kept per instance and sent again until one of those rows changes.
     */
    keptList?: KeptReads;
  }
  interface FastifyRequest {
    /**
     * While a kept list is made: the other members whose rows its statements read (the services add them through
     * `Caller.reads`), so that a change to any of them drops the answer. Null otherwise.
     */
    listReads: Set<string> | null;
    /** When the making of a kept list began (the kept lists' generation), or null. */
    listStarted: number | null;
  }
}

/**
 * Answers the routes marked `keptList` from the session cache's kept lists (modules/auth/sessions.cache.ts), and
 * keeps what they answer: only successful answers to a signed-in member, made while nothing they read changed.
 * Registered after the session lookup, so a signed-out or refused caller never reaches a kept answer.
 */
export function registerKeptLists(app: FastifyInstance, sessionCache: SessionCache | null) {
  app.decorateRequest('listReads', null);
  app.decorateRequest('listStarted', null);
  if (!sessionCache) return;
  const { lists } = sessionCache;
  app.addHook('preHandler', async (request, reply) => {
    const reads = request.routeOptions.config.keptList;
    if (!reads || request.method !== 'GET' || !request.user) return;
    const kept = lists.get(request.user.id, request.url);
    if (kept) return reply.type('application/json; charset=utf-8').send(kept);
    request.listStarted = lists.begin();
    request.listReads = new Set(reads.rows === 'every member' ? [everyMember] : []);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const { listReads, listStarted, user } = request;
    if (!listReads || !user || reply.statusCode !== 200 || typeof payload !== 'string') return;
    // Kept encoded: sent again as the bytes they are, not measured and encoded on every answer.
    const { tables } = request.routeOptions.config.keptList!;
    lists.keep(listStarted, user.id, request.url, Buffer.from(payload), listReads, tables);
  });
}
