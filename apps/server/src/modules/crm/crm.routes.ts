import {
  CrmBoardQuerySchema,
  CrmBoardResponseSchema,
  CrmContactsQuerySchema,
  CrmContactsResponseSchema,
  CrmDealResponseSchema,
  CrmDeliveriesResponseSchema,
  CrmDeliveryParamsSchema,
  CrmMoveDealBodySchema,
  errorResponses,
  IdParamsSchema,
} from '@intergen/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../http/session.ts';
import { type CrmProxyDeps, crmProxyRoutes } from './proxy.routes.ts';

export type CrmRoutesDeps = CrmProxyDeps;

/**
 * The CRM proxy's calls at the spec's paths under `/hubspot` (proxy.routes.ts), and the admin's CRM pages under
 * `/api/admin/crm`.
 */
export function crmRoutes(deps: CrmRoutesDeps) {
  const { crm } = deps;
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    await fastify.register(crmProxyRoutes(deps), { prefix: '/hubspot' });

    // The admin's CRM pages
    const admin = { tags: ['admin'] };
    const adminErrors = errorResponses(400, 401, 403, 404);
    app.get(
      '/api/admin/crm/board',
      {
        schema: {
          ...admin,
          summary: 'The pipeline board: each stage with its count and a page of deals',
          querystring: CrmBoardQuerySchema,
          response: { 200: CrmBoardResponseSchema, ...adminErrors },
        },
      },
      async (request) => {
        requireAdmin(request);
        return crm.board(request.query);
      },
    );
    app.get(
      '/api/admin/crm/deals/:id',
      {
        schema: {
          ...admin,
          summary: 'One deal and every stage it entered',
          params: IdParamsSchema,
          response: { 200: CrmDealResponseSchema, ...adminErrors },
        },
      },
      async (request) => {
        requireAdmin(request);
        return crm.deal(request.params.id);
      },
    );
    app.post(
      '/api/admin/crm/deals/:id/stage',
      {
        schema: {
          ...admin,
          summary: 'Move a deal of the built-in CRM to another stage of its pipeline (audited)',
          params: IdParamsSchema,
          body: CrmMoveDealBodySchema,
          response: { 200: CrmDealResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        return crm.moveDeal(admin.id, request.params.id, request.body);
      },
    );
    app.get(
      '/api/admin/crm/contacts',
      {
        schema: {
          ...admin,
          summary: 'The contacts by name, with their properties',
          querystring: CrmContactsQuerySchema,
          response: { 200: CrmContactsResponseSchema, ...adminErrors },
        },
      },
      async (request) => {
        requireAdmin(request);
        return crm.contacts(request.query);
      },
    );
    app.get(
      '/api/admin/crm/deliveries',
      {
        schema: {
          ...admin,
          summary: 'CRM deliveries parked as dead, with their last error',
          response: { 200: CrmDeliveriesResponseSchema, ...adminErrors },
        },
      },
      async (request) => {
        requireAdmin(request);
        return crm.deliveries();
      },
    );
    app.post(
      '/api/admin/crm/deliveries/:id/retry',
      {
        schema: {
          ...admin,
          summary: 'Queue a dead CRM delivery again',
          params: CrmDeliveryParamsSchema,
          response: { 204: z.null(), ...adminErrors },
        },
      },
      async (request, reply) => {
        const admin = requireAdmin(request);
        await crm.retryDelivery(request.params.id, admin.id);
        return reply.status(204).send(null);
      },
    );
  };
}
