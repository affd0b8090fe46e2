import { AdminMembersQuerySchema, AdminMembersResponseSchema, errorResponses } from '@intergen/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../http/session.ts';
import type { ProfilesService } from '../profiles/index.ts';

/** The admin's Members console: every member, searched, filtered and sorted, in keyset pages. */
export function adminMembersRoutes(deps: { profiles: ProfilesService }) {
  const { profiles } = deps;
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
  };
}
