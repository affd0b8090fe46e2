import {
  AdminMemberActivityResponseSchema,
  AdminMembersQuerySchema,
  AdminMembersResponseSchema,
  errorResponses,
  IdParamsSchema,
} from '@intergen/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { requireAdmin } from '../../http/session.ts';
import type { ProfilesService } from '../profiles/index.ts';
import { memberActivity } from './member-activity.ts';

/**
 * The admin's Members console: every member, searched, filtered and sorted, in keyset pages; and one member's
 * dates, suggestions, requests and CRM deals for their admin page.
 */
export function adminMembersRoutes(deps: { profiles: ProfilesService; database: Database }) {
  const { profiles, database } = deps;
  return async function routes(fastify: FastifyInstance) {
    // Refuse everyone else before looking at the input: 401 signed out, 403 members.
    fastify.addHook('onRequest', async (request) => {
      requireAdmin(request);
    });
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/members',
      {
        schema: {
          tags: ['admin'],
          summary:
            'Members with role, status, flags, dates and ratings: searched, filtered, sorted, in pages',
          querystring: AdminMembersQuerySchema,
          response: { 200: AdminMembersResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        requireAdmin(request);
        return profiles.listMembers(request.query);
      },
    );
    app.get(
      '/members/:id/activity',
      {
        schema: {
          tags: ['admin'],
          summary: 'One member’s dates, suggestions, requests (sent and received) and CRM deals',
          params: IdParamsSchema,
          response: { 200: AdminMemberActivityResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        requireAdmin(request);
        return { activity: await memberActivity(database.db, request.params.id) };
      },
    );
  };
}
