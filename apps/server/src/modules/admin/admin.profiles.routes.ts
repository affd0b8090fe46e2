import {
  errorResponses,
  IdParamsSchema,
  OwnProfileResponseSchema,
  ReasonBodySchema,
} from '@intergen/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../http/session.ts';
import type { ProfilesService } from '../profiles/index.ts';

const errors = errorResponses(400, 401, 403, 404);

/**
 * Admin pages' API for profiles: any profile, and the lifecycle actions only admins may take (the list of every
 * member is the Members console, admin.members.routes.ts).
 */
export function adminProfilesRoutes(deps: { profiles: ProfilesService }) {
  const { profiles } = deps;
  return async function routes(fastify: FastifyInstance) {
    // Refuse everyone else before looking at the input: 401 signed out, 403 members.
    fastify.addHook('onRequest', async (request) => {
      requireAdmin(request);
    });
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['admin'];
    const own = { 200: OwnProfileResponseSchema, ...errors };

    app.get(
      '/profiles/:id',
      { schema: { tags, summary: 'Any profile in full', params: IdParamsSchema, response: own } },
      async (request) => {
        requireAdmin(request);
        return { profile: await profiles.getForAdmin(request.params.id) };
      },
    );

    const action = (
      path: string,
      summary: string,
      run: (adminId: string, id: string) => Promise<Awaited<ReturnType<ProfilesService['getForAdmin']>>>,
    ) =>
      app.post(
        `/profiles/:id/${path}`,
        { schema: { tags, summary, params: IdParamsSchema, response: own } },
        async (request) => {
          const admin = requireAdmin(request);
          return { profile: await run(admin.id, request.params.id) };
        },
      );

    action('approve', 'Approve an expert: published with today’s date', (a, id) => profiles.approve(a, id));
    action('publish', 'Publish a complete company profile', (a, id) => profiles.publish(a, id));
    action('verify', 'Mark an expert verified', (a, id) => profiles.setVerified(a, id, true));
    action('unverify', 'Remove an expert’s verified mark', (a, id) => profiles.setVerified(a, id, false));
    action('activate', 'Reactivate a deactivated member', (a, id) => profiles.activate(a, id));

    const withReason = (
      path: string,
      summary: string,
      run: (adminId: string, id: string, reason: string) => ReturnType<ProfilesService['getForAdmin']>,
    ) =>
      app.post(
        `/profiles/:id/${path}`,
        { schema: { tags, summary, params: IdParamsSchema, body: ReasonBodySchema, response: own } },
        async (request) => {
          const admin = requireAdmin(request);
          return { profile: await run(admin.id, request.params.id, request.body.reason) };
        },
      );

    withReason('deactivate', 'Deactivate a member (their sessions end at once)', (a, id, r) =>
      profiles.deactivate(a, id, r),
    );
    withReason('unpublish', 'Unpublish a profile with a reason', (a, id, r) => profiles.unpublish(a, id, r));
  };
}
