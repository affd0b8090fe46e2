import { HealthResponseSchema, NotReadyResponseSchema, ReadyResponseSchema } from '@intergen/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../db/client.ts';
import { safeErrorMessage } from '../lib/logging.ts';
import { oldestDueAgeMs } from '../outbox/admin.ts';

/**
 * How long the oldest due outbox row may wait before an instance says it is not ready. The worker polls every
 * half second and is nudged after every commit that enqueues, and a failing row is rescheduled (so it is not
 * due meanwhile): a row due for a minute means the workers are stopped, stuck or far behind.
 */
export const MAX_WORKER_LAG_MS = 60_000;

/** How long the readiness check waits for the database before counting it as failed (a hung pool, a lost server). */
const DATABASE_CHECK_TIMEOUT_MS = 5_000;

/** The work's result, or a rejection once `ms` have passed. */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /api/health` (liveness: the process answers, without asking the database) and `GET /api/ready`
 * (readiness: the database answers a trivial query, the outbox workers keep up, and with HubSpot the portal's
 * last check, cached, found nothing changed). Public, like /api/config:
 * they say nothing about any member, and what they cost is one query.
 */
export function healthRoutes(deps: {
  database: Database;
  maxWorkerLagMs?: number;
  /** With HubSpot: what differs in the portal since start-up (a cached answer, renewed in the background). */
  portalProblems?: () => readonly string[];
}) {
  const { database } = deps;
  const maxLag = deps.maxWorkerLagMs ?? MAX_WORKER_LAG_MS;
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/health',
      { schema: { tags: ['system'], summary: 'Liveness', response: { 200: HealthResponseSchema } } },
      async () => ({ status: 'ok' as const }),
    );

    app.get(
      '/ready',
      {
        schema: {
          tags: ['system'],
          summary:
            'Readiness: the database answers, the outbox workers keep up and (with HubSpot) the portal is unchanged',
          response: { 200: ReadyResponseSchema, 503: NotReadyResponseSchema },
        },
      },
      async (request, reply) => {
        const notReady = (database: 'ok' | 'failed', workerLagMs: number | null, reason: string) =>
          reply.code(503).send({ status: 'not ready' as const, database, workerLagMs, reason });
        try {
          await within(DATABASE_CHECK_TIMEOUT_MS, database.query('SELECT 1'));
        } catch (error) {
          request.log.warn({ err: safeErrorMessage(error) }, 'readiness: the database did not answer');
          return notReady('failed', null, 'the database did not answer');
        }
        let lag: number;
        try {
          lag = await within(DATABASE_CHECK_TIMEOUT_MS, oldestDueAgeMs(database.db));
        } catch (error) {
          request.log.warn({ err: safeErrorMessage(error) }, 'readiness: the outbox could not be read');
          return notReady('ok', null, 'the outbox could not be read');
        }
        if (lag > maxLag) {
          return notReady('ok', lag, `the oldest due outbox row has waited ${lag} ms (limit ${maxLag} ms)`);
        }
        const portal = deps.portalProblems?.() ?? [];
        if (portal.length > 0) {
          return notReady('ok', lag, `the HubSpot portal changed since start-up: ${portal.join('; ')}`);
        }
        return { status: 'ready' as const, database: 'ok' as const, workerLagMs: lag };
      },
    );
  };
}
