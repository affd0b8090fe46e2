import { AdminAnalyticsQuerySchema, AdminAnalyticsResponseSchema, errorResponses } from '@intergen/contracts';
import { analyticsRange } from '@intergen/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { requireAdmin } from '../../http/session.ts';
import { badRequest } from '../../lib/errors.ts';
import type { TrackingService } from '../tracking/index.ts';
import { readAnalytics } from './analytics.ts';

export interface AdminAnalyticsRoutesDeps {
  database: Database;
  tracking: TrackingService;
}

/** `GET /api/admin/analytics`: the funnel per week and role, tracking events, lost reasons. */
export function adminAnalyticsRoutes({ database, tracking }: AdminAnalyticsRoutesDeps) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    // Before the query is looked at: a member or a signed-out browser learns nothing from validation answers.
    app.addHook('onRequest', async (request) => {
      requireAdmin(request);
    });

    app.get(
      '/analytics',
      {
        schema: {
          tags: ['admin'],
          summary:
            'The sign-up funnel per ISO week and role, tracking events per week and deals lost per reason, over a range of weeks',
          querystring: AdminAnalyticsQuerySchema,
          response: { 200: AdminAnalyticsResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const { role, ...asked } = request.query;
        const range = analyticsRange(asked, new Date());
        if (!range.ok) {
          throw badRequest('VALIDATION_FAILED', range.message, [
            { path: range.path, message: range.message },
          ]);
        }
        return readAnalytics({ db: database.db, tracking }, range.range, role ?? null);
      },
    );
  };
}
