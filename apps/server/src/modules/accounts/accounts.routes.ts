import {
  AccountDeletedResponseSchema,
  AccountExportSchema,
  AdminDeleteMemberBodySchema,
  DeleteOwnAccountBodySchema,
  errorResponses,
  IdParamsSchema,
} from '@intergen/contracts';
import { accountExportFileName } from '@intergen/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../http/caller.ts';
import { requireAdmin, requireUser, type SessionCookies } from '../../http/session.ts';
import { limiters } from '../auth/index.ts';
import type { AccountsService } from './accounts.service.ts';

const tags = ['accounts'];

/** `POST /api/admin/members/:id/delete`: an admin deletes a member after typing their e-mail address. */
export function adminAccountsRoutes(deps: { accounts: AccountsService }) {
  return async function routes(fastify: FastifyInstance) {
    // Refuse everyone else before looking at the input: 401 signed out, 403 members.
    fastify.addHook('onRequest', async (request) => {
      requireAdmin(request);
    });
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/members/:id/delete',
      {
        schema: {
          tags: ['admin', ...tags],
          summary: 'Delete a member and everything about them (the body repeats their e-mail address)',
          params: IdParamsSchema,
          body: AdminDeleteMemberBodySchema,
          response: { 200: AccountDeletedResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const admin = requireAdmin(request);
        return deps.accounts.deleteByAdmin(admin.id, request.params.id, request.body.confirmation);
      },
    );
  };
}

/** The signed-in member's own data (`GET /api/account/export`) and account deletion (`POST /api/account/delete`). */
export function accountRoutes(deps: {
  accounts: AccountsService;
  cookies: SessionCookies;
  rateLimitMultiplier: number;
}) {
  const { accounts, cookies } = deps;
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/export',
      {
        schema: {
          tags,
          summary: 'Everything the app holds about the signed-in member, as a JSON download',
          response: { 200: AccountExportSchema, ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        const data = await accounts.exportData(callerOf(request));
        const day = new Date(data.exportedAt).toISOString().slice(0, 10);
        reply.header('content-disposition', `attachment; filename="${accountExportFileName(day)}"`);
        reply.header('cache-control', 'no-store');
        return data;
      },
    );

    app.post(
      '/delete',
      {
        schema: {
          tags,
          summary: 'Delete the signed-in member’s account, confirmed by their password; signs out',
          body: DeleteOwnAccountBodySchema,
          response: { 200: AccountDeletedResponseSchema, ...errorResponses(400, 401, 429) },
        },
        // As the other password checks (change password): per IP and per account.
        preHandler: limiters(fastify, deps.rateLimitMultiplier, 10, 5),
      },
      async (request, reply) => {
        const user = requireUser(request);
        const result = await accounts.deleteOwn(user.id, request.body.password);
        cookies.clear(reply);
        return result;
      },
    );
  };
}
