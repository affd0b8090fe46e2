import {
  DismissSuggestionBodySchema,
  DismissSuggestionResponseSchema,
  errorResponses,
  MatchingListQuerySchema,
  MatchingListResponseSchema,
  SuggestionsResponseSchema,
} from '@intergen/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Caller, callerOf } from '../../http/caller.ts';
import { requireUser } from '../../http/session.ts';
import { communityReads } from './community.read-model.ts';
import type { MatchingListQueryInput, MatchingService } from './matching.service.ts';
import { suggestionsReads } from './suggestions.read-model.ts';

const errors = errorResponses(400, 401, 403, 404);

/** A member's suggestions and the matching lists: /api/suggestions and /api/matching. */
export function matchingRoutes(deps: { matching: MatchingService }) {
  const { matching } = deps;
  return async function routes(fastify: FastifyInstance) {
    // Every route needs a session; say so before judging the input.
    fastify.addHook('onRequest', async (request) => {
      requireUser(request);
    });
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/suggestions',
      {
        config: { keptList: suggestionsReads },
        schema: {
          tags: ['suggestions'],
          summary: 'The signed-in member’s open suggestions, newest first, each with the counterpart and why',
          response: { 200: SuggestionsResponseSchema, ...errors },
        },
      },
      async (request) => ({ suggestions: await matching.listSuggestions(callerOf(request)) }),
    );

    app.post(
      '/suggestions/dismiss',
      {
        schema: {
          tags: ['suggestions'],
          summary: 'Dismiss a suggestion, or put a member on the not-interested list',
          body: DismissSuggestionBodySchema,
          response: { 200: DismissSuggestionResponseSchema, ...errors },
        },
      },
      async (request) => matching.dismiss(callerOf(request), request.body),
    );

    const list = (
      path: string,
      summary: string,
      run: (caller: Caller, query: MatchingListQueryInput) => ReturnType<MatchingService['listExperts']>,
    ) =>
      app.get(
        path,
        {
          config: { keptList: communityReads },
          schema: {
            tags: ['matching'],
            summary,
            querystring: MatchingListQuerySchema,
            response: { 200: MatchingListResponseSchema, ...errors },
          },
        },
        async (request) => run(callerOf(request), request.query),
      );

    list(
      '/matching/experts',
      'An expert’s expert community: published, public experts, newest first',
      (c, q) => matching.listExperts(c, q),
    );
    list(
      '/matching/experts-for-company',
      'A company’s expert community: published, public experts with their score, strong matches first',
      (c, q) => matching.listExpertsForCompany(c, q),
    );
    list(
      '/matching/companies',
      'An expert’s venture community: published companies with their score, strong matches first',
      (c, q) => matching.listCompanies(c, q),
    );
  };
}
