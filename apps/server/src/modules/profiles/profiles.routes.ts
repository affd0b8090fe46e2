import fastifyMultipart from '@fastify/multipart';
import {
  AnnualConfirmationBodySchema,
  DisableBodySchema,
  errorResponses,
  IdParamsSchema,
  OwnProfileResponseSchema,
  PauseBodySchema,
  PrivacyBodySchema,
  ProfileViewResponseSchema,
  SectionBodySchema,
  SectionParamsSchema,
  SectionPatchSchema,
} from '@intergen/contracts';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { callerOf } from '../../http/caller.ts';
import { requireUser, type SessionCookies } from '../../http/session.ts';
import type { ProfilesService } from './profiles.service.ts';
import { pictureUploadLimits, readPictureUpload } from './profiles.uploads.ts';

const errors = errorResponses(400, 401, 403, 404, 500);

/**
 * A section save's body is documented as the fields of any role's section (`SectionPatchSchema`), but which of
 * them a save may carry depends on the member's role, known with their profile: on arrival the body need only be
 * an object, and the service checks it against its role's section schema (`sectionPatchSchemas`), naming each
 * field the section lacks. The other parts are checked as declared.
 */
const sectionSaveValidator: FastifySchemaCompiler<unknown> = (route) =>
  validatorCompiler({
    ...route,
    schema: route.httpPart === 'body' ? SectionBodySchema : (route.schema as z.ZodType),
  });

/** The member's own profile (the wizard, review and account dialogs) and profile pages: /api/profiles. */
export function profilesRoutes(deps: { profiles: ProfilesService; cookies: SessionCookies }) {
  const { profiles, cookies } = deps;
  return async function routes(fastify: FastifyInstance) {
    // Only these routes take multipart bodies. Busboy stops keeping bytes past the limit: an oversize file
    // is discarded as it streams, never held in memory.
    await fastify.register(fastifyMultipart, { limits: pictureUploadLimits });
    // Every profile route needs a session; say so before judging the input.
    fastify.addHook('onRequest', async (request) => {
      requireUser(request);
    });
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['profiles'];
    const own = { 200: OwnProfileResponseSchema, ...errors };

    app.get(
      '/me',
      { schema: { tags, summary: 'The signed-in member’s own profile', response: own } },
      async (request, reply) => {
        const user = requireUser(request);
        // From the session lookup's rows, the answer made once for them (views.ts), checked against the same schema
        // there: a JSON string is sent as it is (Fastify serializes only objects), which the typed `send` cannot say.
        const answer = request.member && profiles.ownAnswer(request.member);
        if (answer) return reply.type('application/json; charset=utf-8').send(answer as never);
        return { profile: await profiles.getOwn(user, request.member ?? undefined) };
      },
    );

    app.put(
      '/me/sections/:section',
      {
        schema: {
          tags,
          summary: 'Save part of one wizard section (autosave, or pending edits of a published profile)',
          params: SectionParamsSchema,
          body: SectionPatchSchema,
          response: own,
        },
        validatorCompiler: sectionSaveValidator,
      },
      async (request) => {
        const user = requireUser(request);
        return { profile: await profiles.saveSection(user.id, request.params.section, request.body) };
      },
    );

    app.post(
      '/me/update',
      {
        schema: { tags, summary: 'Apply the pending edits of a published profile', response: own },
      },
      async (request) => ({ profile: await profiles.applyPendingChanges(requireUser(request).id) }),
    );

    app.post(
      '/me/review-reached',
      {
        schema: {
          tags,
          summary: 'The review step was reached: onboarding complete, default avatar when none',
          response: own,
        },
      },
      async (request) => ({ profile: await profiles.reachReview(requireUser(request).id) }),
    );

    // Any content type reaches the upload route, so that a body of the wrong type is refused with its message.
    await fastify.register(async (scope) => {
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
      scope.withTypeProvider<ZodTypeProvider>().post(
        '/me/image',
        {
          schema: {
            tags,
            summary: 'Upload a profile picture (multipart, at most 512000 bytes)',
            consumes: ['multipart/form-data'],
            response: own,
          },
        },
        async (request) => {
          const user = requireUser(request);
          const upload = await readPictureUpload(request);
          return { profile: await profiles.setImage(user.id, upload) };
        },
      );
    });

    app.post(
      '/me/submit',
      {
        schema: {
          tags,
          summary: 'Publish (company) or submit for approval (expert) from the review step',
          response: own,
        },
      },
      async (request) => ({ profile: await profiles.submit(requireUser(request).id) }),
    );

    app.post(
      '/me/pause',
      { schema: { tags, summary: 'Pause the account', body: PauseBodySchema, response: own } },
      async (request) => ({ profile: await profiles.pause(requireUser(request).id, request.body) }),
    );

    app.post(
      '/me/unpause',
      { schema: { tags, summary: 'Resume a paused account', response: own } },
      async (request) => ({ profile: await profiles.unpause(requireUser(request).id) }),
    );

    app.post(
      '/me/disable',
      {
        schema: {
          tags,
          summary: 'Disable the account: removes the login and signs out everywhere',
          body: DisableBodySchema,
          response: own,
        },
      },
      async (request, reply) => {
        const profile = await profiles.disable(requireUser(request).id, request.body);
        cookies.clear(reply);
        return { profile };
      },
    );

    app.post(
      '/me/privacy',
      {
        schema: {
          tags,
          summary: 'Set an expert profile private or public',
          body: PrivacyBodySchema,
          response: own,
        },
      },
      async (request) => ({
        profile: await profiles.setPrivacy(requireUser(request).id, request.body.private),
      }),
    );

    app.post(
      '/me/annual-confirmation',
      {
        schema: {
          tags,
          summary: 'A company confirms its team size, revenue and capital',
          body: AnnualConfirmationBodySchema,
          response: own,
        },
      },
      async (request) => ({ profile: await profiles.confirmAnnually(requireUser(request).id, request.body) }),
    );

    app.get(
      '/:id',
      {
        schema: {
          tags,
          summary: 'A profile page; contact details only where the viewer may see them',
          params: IdParamsSchema,
          response: { 200: ProfileViewResponseSchema, ...errors },
        },
      },
      async (request) => {
        return { profile: await profiles.view(callerOf(request), request.params.id) };
      },
    );
  };
}
