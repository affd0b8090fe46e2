import { AdminSettingsResponseSchema, errorResponses, UpdateSettingsBodySchema } from '@intergen/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../http/session.ts';
import type { SettingsService } from './settings.service.ts';

/** `GET` and `PUT /api/admin/settings` (admins only): the run-time settings and the admin's change of them. */
export function settingsRoutes({ settings }: { settings: SettingsService }) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['admin'];
    // Before the body is looked at: a member or a signed-out browser learns nothing from validation answers.
    app.addHook('onRequest', async (request) => {
      requireAdmin(request);
    });

    app.get(
      '/settings',
      {
        schema: {
          tags,
          summary: 'The run-time settings in effect, this server’s environment, and their revision',
          response: { 200: AdminSettingsResponseSchema, ...errorResponses(401, 403) },
        },
      },
      async () => settings.read(),
    );

    app.put(
      '/settings',
      {
        schema: {
          tags,
          summary: 'Changes the run-time settings (audited; in effect on every instance at once)',
          body: UpdateSettingsBodySchema,
          response: { 200: AdminSettingsResponseSchema, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request) => settings.update(requireAdmin(request).id, request.body),
    );
  };
}
