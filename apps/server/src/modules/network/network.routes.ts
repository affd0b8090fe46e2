import {
  AdvisorPageSchema,
  AdvisorSearchQuerySchema,
  errorResponses,
  IdParamsSchema,
  NetworkOverviewSchema,
  NetworkRequestBodySchema,
  NetworkRequestResponseSchema,
} from '@intergen/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../http/caller.ts';
import { requireUser } from '../../http/session.ts';
import type { NetworkService } from './network.service.ts';

const errors = errorResponses(400, 401, 403, 404, 409);

/** My Network, expert to expert: /api/network. */
export function networkRoutes(deps: { network: NetworkService }) {
  const { network } = deps;
  return async function routes(fastify: FastifyInstance) {
    fastify.addHook('onRequest', async (request) => {
      requireUser(request);
    });
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['network'];
    const one = { 200: NetworkRequestResponseSchema, ...errors };

    app.get(
      '/',
      {
        schema: {
          tags,
          summary: 'The signed-in member’s network requests received and sent, their network, and the counts',
          response: { 200: NetworkOverviewSchema, ...errors },
        },
      },
      async (request) => network.overview(callerOf(request)),
    );

    app.get(
      '/advisors',
      {
        schema: {
          tags,
          summary:
            'Experts connected to the same companies as the signed-in expert, not yet in their network',
          querystring: AdvisorSearchQuerySchema,
          response: { 200: AdvisorPageSchema, ...errors },
        },
      },
      async (request) => network.advisors(callerOf(request), request.query),
    );

    app.post(
      '/requests',
      {
        schema: {
          tags,
          summary: 'Ask another expert to join the signed-in expert’s network (201)',
          body: NetworkRequestBodySchema,
          response: { 201: NetworkRequestResponseSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ request: await network.request(callerOf(request), request.body) }),
    );

    const action = (name: 'accept' | 'decline' | 'cancel', summary: string) =>
      app.post(
        `/requests/:id/${name}`,
        { schema: { tags, summary, params: IdParamsSchema, response: one } },
        async (request) => ({ request: await network[name](callerOf(request), request.params.id) }),
      );
    action('accept', 'The recipient accepts: both see each other’s contact details');
    action('decline', 'The recipient declines: the request leaves both lists');
    action('cancel', 'The initiator takes the request back before it is answered');
  };
}
