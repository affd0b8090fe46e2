import {
  errorResponses,
  IdParamsSchema,
  NotificationsResponseSchema,
  NotificationsSeenBodySchema,
} from '@intergen/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../http/caller.ts';
import { requireUser } from '../../http/session.ts';
import { centreReads } from './centre.read-model.ts';
import type { NotificationsService } from './notifications.service.ts';

const errors = errorResponses(400, 401, 404);

/**
 * The signed-in user's notifications: `/api/notifications`. Each change answers the list as it is now, so the
 * centre can show it without another request.
 */
export function notificationsRoutes(deps: { notifications: NotificationsService }) {
  const { notifications } = deps;
  return async function routes(fastify: FastifyInstance) {
    // Every route needs a session; say so before judging the input.
    fastify.addHook('onRequest', async (request) => {
      requireUser(request);
    });
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['notifications'];

    app.get(
      '/',
      {
        config: { keptList: centreReads },
        schema: {
          tags,
          summary: 'The newest notifications (at most 100, not dismissed) and how many are unseen',
          response: { 200: NotificationsResponseSchema, ...errors },
        },
      },
      async (request) => notifications.list(callerOf(request)),
    );

    app.post(
      '/seen',
      {
        schema: {
          tags,
          summary: 'Mark notifications seen: those of `ids`, or all of the caller’s',
          body: NotificationsSeenBodySchema,
          response: { 200: NotificationsResponseSchema, ...errors },
        },
      },
      async (request) => notifications.markSeen(callerOf(request), request.body.ids),
    );

    app.post(
      '/:id/dismiss',
      {
        schema: {
          tags,
          summary: 'Dismiss one of the caller’s notifications',
          params: IdParamsSchema,
          response: { 200: NotificationsResponseSchema, ...errors },
        },
      },
      async (request) => notifications.dismiss(callerOf(request), request.params.id),
    );

    app.post(
      '/:id/explore',
      {
        schema: {
          tags,
          summary: 'Record that the caller opened what one of their notifications is about',
          params: IdParamsSchema,
          response: { 200: NotificationsResponseSchema, ...errors },
        },
      },
      async (request) => notifications.explore(callerOf(request), request.params.id),
    );
  };
}
