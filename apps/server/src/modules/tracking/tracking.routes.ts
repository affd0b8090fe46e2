import { errorResponses, TrackingBodySchema, TrackingSummaryResponseSchema } from '@intergen/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requireUser } from '../../http/session.ts';
import type { TrackingService } from './tracking.service.ts';

/** Events one member may record per minute (times the configured rate-limit multiplier). */
export const TRACKING_PER_MINUTE = 120;

const errors = errorResponses(400, 401, 403, 429);

/** `POST /api/tracking` for members; `GET /api/admin/tracking/summary` for admins. */
export function trackingRoutes(deps: { tracking: TrackingService; rateLimitMultiplier: number }) {
  const { tracking, rateLimitMultiplier } = deps;
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/tracking',
      {
        schema: {
          tags: ['tracking'],
          summary:
            'Record an analytics event (VIEW_PROFILE_FROM_CARD, DISMISS_CARD, EXPLORE_EXPERT_COMMUNITY)',
          body: TrackingBodySchema,
          response: { 204: z.null(), ...errors },
        },
        // Per member (per address when signed out, which the handler then refuses).
        config: {
          rateLimit: {
            max: Math.ceil(TRACKING_PER_MINUTE * rateLimitMultiplier),
            timeWindow: 60_000,
            keyGenerator: (request) => `tracking:${request.user?.id ?? request.ip}`,
          },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        await tracking.record(user.id, request.body);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/admin/tracking/summary',
      {
        schema: {
          tags: ['admin'],
          summary: 'How often each tracking event was recorded in the last 30 days',
          response: { 200: TrackingSummaryResponseSchema, ...errors },
        },
      },
      async (request) => {
        requireAdmin(request);
        return tracking.summary();
      },
    );
  };
}
