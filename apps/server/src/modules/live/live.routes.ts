import { PassThrough } from 'node:stream';
import { ErrorResponseSchema, type LiveChange, type LiveTopic } from '@intergen/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/session.ts';
import { hashToken } from '../../lib/crypto.ts';
import type { LiveHub } from './live.hub.ts';

/** How long the browser waits before reconnecting a dropped stream (the `retry:` field). */
export const LIVE_RETRY_MS = 3000;
/** A comment line this often keeps proxies from closing an idle stream and re-checks the session. */
export const LIVE_PING_MS = 25_000;
/** A client that lets this much pile up unread is cut off; its browser reconnects and refetches. */
const MAX_BUFFERED_BYTES = 256 * 1024;

export interface LiveRoutesDeps {
  hub: LiveHub;
  /** Whether the session behind a cookie token is still valid (signed out, disabled, deactivated: not). */
  sessionIsValid: (token: string) => Promise<boolean>;
  pingMs?: number;
}

/**
 * `GET /api/events`: Server-Sent Events for the signed-in user (DESIGN.md §2). Each NOTIFY on the live
 * channel naming the user becomes `event: change` with `LiveChange` data; the browser refetches those topics.
 * The body is a stream sent through Fastify (so the security headers and cookies of the hooks apply); a
 * session that ends (sign-out, disable, deactivation, an admin's unpublish) closes its streams at once, on
 * every instance; the ping re-checks the session too, as a fallback.
 */
export function liveRoutes(deps: LiveRoutesDeps) {
  const { hub, sessionIsValid } = deps;
  const pingMs = deps.pingMs ?? LIVE_PING_MS;
  return async function routes(fastify: FastifyInstance) {
    // Untyped: the 200 body is a stream, which no response schema describes.
    fastify.get(
      '/events',
      {
        schema: {
          tags: ['live'],
          summary:
            'Server-Sent Events: `event: change` with `{ topics }` whenever the signed-in user’s data changed',
          response: { 401: ErrorResponseSchema, 429: ErrorResponseSchema },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const token = request.sessionToken ?? '';
        const stream = new PassThrough();
        let ended = false;
        let timer: NodeJS.Timeout | null = null;
        let unsubscribe: (() => void) | null = null;

        const end = () => {
          if (ended) return;
          ended = true;
          if (timer) clearInterval(timer);
          unsubscribe?.();
          stream.end();
        };
        const write = (chunk: string) => {
          if (ended) return;
          if (stream.writableLength + reply.raw.writableLength > MAX_BUFFERED_BYTES) {
            end();
            return;
          }
          stream.write(chunk);
        };

        unsubscribe = await hub.subscribe(
          { userId: user.id, sessionId: hashToken(token), isAdmin: user.isAdmin },
          {
            deliver: (topics: LiveTopic[]) => {
              const change: LiveChange = { topics };
              write(`event: change\ndata: ${JSON.stringify(change)}\n\n`);
            },
            close: end,
          },
        );
        // The browser may have gone while the listener started: nobody is left to answer.
        if (request.raw.destroyed) {
          end();
          reply.hijack();
          return;
        }

        stream.on('close', end);
        reply.raw.on('close', end);
        timer = setInterval(async () => {
          const valid = await sessionIsValid(token).catch(() => true);
          if (!valid) {
            end();
            return;
          }
          write(': ping\n\n');
        }, pingMs);
        timer.unref();

        write(`retry: ${LIVE_RETRY_MS}\n\n`);
        return reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('x-accel-buffering', 'no')
          .send(stream);
      },
    );
  };
}
