import {
  CancelRequestResponseSchema,
  ConnectionBucketsSchema,
  ConnectionRequestResponseSchema,
  ConnectionsSeenBodySchema,
  ConnectionsSeenResponseSchema,
  errorResponses,
  IdParamsSchema,
  SendRequestBodySchema,
  SurveyBodySchema,
} from '@intergen/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../http/caller.ts';
import { requireUser } from '../../http/session.ts';
import { bucketsReads } from './buckets.read-model.ts';
import type { ConnectionsService } from './connections.service.ts';

const errors = errorResponses(400, 401, 403, 404, 409);

/** A member's connection requests and connections: /api/connections. */
export function connectionsRoutes(deps: { connections: ConnectionsService }) {
  const { connections } = deps;
  return async function routes(fastify: FastifyInstance) {
    // Every route needs a session; say so before judging the input.
    fastify.addHook('onRequest', async (request) => {
      requireUser(request);
    });
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['connections'];
    const one = { 200: ConnectionRequestResponseSchema, ...errors };

    app.get(
      '/connections',
      {
        config: { keptList: bucketsReads },
        schema: {
          tags,
          summary: 'The signed-in member’s requests received and sent, and connections unrated and rated',
          response: { 200: ConnectionBucketsSchema, ...errors },
        },
      },
      async (request) => connections.buckets(callerOf(request)),
    );

    app.post(
      '/connections',
      {
        schema: {
          tags,
          summary:
            'Send a connection request from a suggestion (201; a repeat answers 200 with the same request)',
          body: SendRequestBodySchema,
          response: { 200: ConnectionRequestResponseSchema, 201: ConnectionRequestResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const result = await connections.send(callerOf(request), request.body);
        return reply.status(result.created ? 201 : 200).send({ request: result.request });
      },
    );

    app.get(
      '/connections/:id',
      {
        schema: {
          tags,
          summary: 'One of the member’s requests',
          params: IdParamsSchema,
          response: one,
        },
      },
      async (request) => ({ request: await connections.get(callerOf(request), request.params.id) }),
    );

    app.post(
      '/connections/seen',
      {
        schema: {
          tags,
          summary:
            'The recipient has seen these requests (a row of cards): marks those received and not seen yet, answers their ids',
          body: ConnectionsSeenBodySchema,
          response: { 200: ConnectionsSeenResponseSchema, ...errors },
        },
      },
      async (request) => connections.markManySeen(callerOf(request), request.body.ids),
    );

    const action = (
      name: string,
      summary: string,
      run: (caller: ReturnType<typeof callerOf>, id: string) => ReturnType<ConnectionsService['accept']>,
    ) =>
      app.post(
        `/connections/:id/${name}`,
        { schema: { tags, summary, params: IdParamsSchema, response: one } },
        async (request) => ({ request: await run(callerOf(request), request.params.id) }),
      );

    action('accept', 'The recipient accepts: both see each other’s contact details', (c, id) =>
      connections.accept(c, id),
    );
    action('deny', 'The recipient declines (the sender is not told)', (c, id) => connections.deny(c, id));
    action('dismiss', 'The recipient clears the request from the dashboard', (c, id) =>
      connections.dismiss(c, id),
    );
    action('seen', 'The recipient has seen the request', (c, id) => connections.markSeen(c, id));
    action('close', 'Either party closes an accepted connection', (c, id) => connections.close(c, id));

    app.post(
      '/connections/:id/cancel',
      {
        schema: {
          tags,
          summary: 'The sender takes the request back before it is accepted; the request is deleted',
          params: IdParamsSchema,
          response: { 200: CancelRequestResponseSchema, ...errors },
        },
      },
      async (request) => connections.cancel(callerOf(request), request.params.id),
    );

    app.post(
      '/connections/:id/survey',
      {
        schema: {
          tags,
          summary: 'A party’s review of an accepted connection: a rating (1–5), once per side',
          params: IdParamsSchema,
          body: SurveyBodySchema,
          response: one,
        },
      },
      async (request) => ({
        request: await connections.survey(callerOf(request), request.params.id, request.body),
      }),
    );

    app.get(
      '/connections/:id/invite.ics',
      {
        schema: {
          tags,
          summary: 'A meeting invite (iCalendar) between the two parties of an accepted connection',
          params: IdParamsSchema,
          response: errors,
        },
      },
      async (request, reply) => {
        const invite = await connections.invite(callerOf(request), request.params.id);
        // The file is text, sent as is: the route declares only its JSON error answers, hence the cast.
        return reply
          .type('text/calendar; charset=utf-8')
          .header('content-disposition', `attachment; filename="${invite.fileName}"`)
          .header('cache-control', 'no-store')
          .send(invite.calendar as never);
      },
    );
  };
}
