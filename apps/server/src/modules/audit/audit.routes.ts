import { AuditQuerySchema, AuditResponseSchema, errorResponses } from '@intergen/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { requireAdmin } from '../../http/session.ts';
import { type ActorLookup, listAudit } from './audit.ts';

/** `GET /api/admin/audit` (admins only): the audit log, newest first, page by page, optionally of one action. */
export function auditRoutes(deps: { database: Database; actorsOf: ActorLookup }) {
  const { db } = deps.database;
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/audit',
      {
        schema: {
          tags: ['admin'],
          summary: 'The audit log: who changed what, and when; newest first',
          querystring: AuditQuerySchema,
          response: { 200: AuditResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        requireAdmin(request);
        return listAudit(db, deps.actorsOf, request.query);
      },
    );
  };
}
