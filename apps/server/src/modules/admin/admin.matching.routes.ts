import {
  CreateSuggestionBodySchema,
  CreateSuggestionResponseSchema,
  errorResponses,
  IdParamsSchema,
  MatchCandidatesQuerySchema,
  MatchCandidatesResponseSchema,
  MatchingRunResponseSchema,
  MatchPreviewQuerySchema,
  MatchPreviewResponseSchema,
  MemberScoresQuerySchema,
  MemberScoresResponseSchema,
} from '@intergen/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../http/session.ts';
import type { MatchingService } from '../matching/index.ts';

const errors = errorResponses(400, 401, 403, 404);

/** Admin pages' API for matching: suggestions by hand, their preview and pickers, and the full batch. */
export function adminMatchingRoutes(deps: { matching: MatchingService }) {
  const { matching } = deps;
  return async function routes(fastify: FastifyInstance) {
    // Refuse everyone else before looking at the input: 401 signed out, 403 members.
    fastify.addHook('onRequest', async (request) => {
      requireAdmin(request);
    });
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['admin'];

    app.post(
      '/suggestions',
      {
        schema: {
          tags,
          summary:
            'Suggest a company to an expert and the expert to the company (a duplicate pair is ignored)',
          body: CreateSuggestionBodySchema,
          response: { 200: CreateSuggestionResponseSchema, 201: CreateSuggestionResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const admin = requireAdmin(request);
        const result = await matching.createSuggestion(admin.id, request.body);
        return reply.status(result.created ? 201 : 200).send(result);
      },
    );

    app.get(
      '/matching/preview',
      {
        schema: {
          tags,
          summary: 'The score of an expert and a company, and why',
          querystring: MatchPreviewQuerySchema,
          response: { 200: MatchPreviewResponseSchema, ...errors },
        },
      },
      async (request) => ({
        explanation: await matching.preview(request.query.expertId, request.query.companyId),
      }),
    );

    app.get(
      '/matching/members/:id/scores',
      {
        schema: {
          tags,
          summary: "A member's score with every published counterpart, computed now, highest first",
          params: IdParamsSchema,
          querystring: MemberScoresQuerySchema,
          response: { 200: MemberScoresResponseSchema, ...errors },
        },
      },
      async (request) => matching.memberScores(request.params.id, request.query),
    );

    app.get(
      '/matching/candidates',
      {
        schema: {
          tags,
          summary: 'Experts (published or pending) or companies (published) to pick for a suggestion',
          querystring: MatchCandidatesQuerySchema,
          response: { 200: MatchCandidatesResponseSchema, ...errors },
        },
      },
      async (request) => ({
        candidates: await matching.candidates(request.query.kind, request.query.search),
      }),
    );

    app.post(
      '/matching/runs',
      {
        schema: {
          tags,
          summary: 'Queue a full matching run (every expert against every company); one at a time',
          response: { 200: MatchingRunResponseSchema, 202: MatchingRunResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const admin = requireAdmin(request);
        const { run, started } = await matching.startRun(admin.id);
        return reply.status(started ? 202 : 200).send({ run });
      },
    );

    app.get(
      '/matching/runs/latest',
      {
        schema: {
          tags,
          summary: 'The latest matching run and its progress',
          response: { 200: MatchingRunResponseSchema, ...errors },
        },
      },
      async () => ({ run: await matching.latestRun() }),
    );
  };
}
