import {
  AdminRequestsQuerySchema,
  AdminRequestsResponseSchema,
  AdminScoresQuerySchema,
  AdminScoresResponseSchema,
  AdminSuggestionsQuerySchema,
  AdminSuggestionsResponseSchema,
  errorResponses,
} from '@intergen/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { requireAdmin } from '../../http/session.ts';
import { listAdminRequests, listAdminScores, listAdminSuggestions } from './records.ts';

const errors = errorResponses(400, 401, 403);

/**
 * The admin's read views (spec 001 §6: admins see every score, suggestion and request): filtered,
 * searched by name, sorted, in keyset pages of 12 with the total. Admins only; a bad query or cursor is 400.
 */
export function adminRecordsRoutes(deps: { database: Database }) {
  const { db } = deps.database;
  return async function routes(fastify: FastifyInstance) {
    // Refuse everyone else before looking at the input: 401 signed out, 403 members.
    fastify.addHook('onRequest', async (request) => {
      requireAdmin(request);
    });
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['admin'];

    app.get(
      '/suggestions',
      {
        schema: {
          tags,
          summary: 'Every match suggestion with its state, source and dates, by created date',
          querystring: AdminSuggestionsQuerySchema,
          response: { 200: AdminSuggestionsResponseSchema, ...errors },
        },
      },
      async (request) => listAdminSuggestions(db, request.query),
    );

    app.get(
      '/requests',
      {
        schema: {
          tags,
          summary: 'Every connection and My Network request with its state and dates, by sent date',
          querystring: AdminRequestsQuerySchema,
          response: { 200: AdminRequestsResponseSchema, ...errors },
        },
      },
      async (request) => listAdminRequests(db, request.query),
    );

    app.get(
      '/scores',
      {
        schema: {
          tags,
          summary: 'Every expert–company score, by score or by last change',
          querystring: AdminScoresQuerySchema,
          response: { 200: AdminScoresResponseSchema, ...errors },
        },
      },
      async (request) => listAdminScores(db, request.query),
    );
  };
}
