import {
  errorResponses,
  OutboxRowParamsSchema,
  OutboxRowsQuerySchema,
  OutboxRowsResponseSchema,
  OutboxSummaryResponseSchema,
} from '@intergen/contracts';
import { outboxTexts } from '@intergen/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { requireAdmin } from '../../http/session.ts';
import { AppError } from '../../lib/errors.ts';
import { listOutboxRows, outboxSummary } from '../../outbox/admin.ts';
import { actOnOutboxRow, type OutboxAdminAction } from './outbox.actions.ts';

/** Rows per page of the admin's outbox list. */
const rowsPerPage = 25;

export interface AdminOutboxRoutesDeps {
  database: Database;
  /** The topics the worker handles: each gets a summary card, rows or not. */
  topics: readonly string[];
  /** Called after a retry committed: the worker runs the row at once instead of at its next poll. */
  afterCommit: () => void;
}

/**
 * The admin's outbox page: per-topic counts, the open rows, retry and discard. Each action is recorded
 * in the audit log (`outbox.retry`, `outbox.discard`) and written to the server log with the admin's id.
 */
export function adminOutboxRoutes({ database, topics, afterCommit }: AdminOutboxRoutesDeps) {
  const { db } = database;
  /**
   * An admin's action on one row, recorded in the audit log with it; 404 when there is no such row, 400 when it is
   * not in a state for the action. The server log says it too, for operators.
   */
  async function act(request: FastifyRequest, action: OutboxAdminAction, id: number): Promise<void> {
    const admin = requireAdmin(request);
    const result = await actOnOutboxRow(database, { action, adminId: admin.id, id });
    if (result.outcome === 'missing') throw new AppError('NOT_FOUND', outboxTexts.rowNotFound);
    if (result.outcome === 'refused') {
      throw new AppError(
        'INVALID_STATE',
        action === 'retry' ? outboxTexts.notRetryable : outboxTexts.notDiscardable,
      );
    }
    request.log.info(
      { audit: `outbox.${action}`, adminId: admin.id, outboxId: id, topic: result.topic },
      action === 'retry' ? 'admin retried an outbox row' : 'admin discarded an outbox row',
    );
  }

  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['admin'];

    app.get(
      '/outbox/summary',
      {
        schema: {
          tags,
          summary:
            'Per outbox topic: due, running, retrying, dead and done rows, and the oldest due row’s age',
          response: { 200: OutboxSummaryResponseSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => {
        requireAdmin(request);
        return { topics: await outboxSummary(db, topics) };
      },
    );

    app.get(
      '/outbox/rows',
      {
        schema: {
          tags,
          summary: 'Open outbox rows (pending, retrying or dead) by topic and status, a page at a time',
          querystring: OutboxRowsQuerySchema,
          response: { 200: OutboxRowsResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        requireAdmin(request);
        const { topic, status, order, cursor } = request.query;
        return listOutboxRows(db, {
          topics: topic === undefined ? undefined : [topic],
          status,
          order,
          after: cursor,
          limit: rowsPerPage,
        });
      },
    );

    app.post(
      '/outbox/rows/:id/retry',
      {
        schema: {
          tags,
          summary: 'Queue a dead or waiting outbox row again, due now with fresh attempts',
          params: OutboxRowParamsSchema,
          response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await act(request, 'retry', request.params.id);
        afterCommit();
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/outbox/rows/:id/discard',
      {
        schema: {
          tags,
          summary: 'Put a dead outbox row away for good (kept as discarded, never delivered)',
          params: OutboxRowParamsSchema,
          response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await act(request, 'discard', request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
