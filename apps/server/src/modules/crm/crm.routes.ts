import { timingSafeEqual } from 'node:crypto';
import {
  ContactBodySchema,
  CrmBoardQuerySchema,
  CrmBoardResponseSchema,
  CrmContactsQuerySchema,
  CrmContactsResponseSchema,
  CrmDealResponseSchema,
  CrmDeliveriesResponseSchema,
  CrmDeliveryParamsSchema,
  DealCreateBodySchema,
  DealUpdateBodySchema,
  errorResponses,
  IdParamsSchema,
  LoginOneTimeBodySchema,
  LoginOneTimeResultSchema,
  NetworkDealCreateBodySchema,
  NetworkDealUpdateBodySchema,
  ProfileTypeBodySchema,
  ProfileTypeResultSchema,
  ProxyResultSchema,
} from '@intergen/contracts';
import { crmErrors, messages } from '@intergen/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../http/session.ts';
import { AppError } from '../../lib/errors.ts';
import type { CrmService } from './crm.factory.ts';

/** The proxy's minimum credential length (spec 001 §9: override auth code minimum 28). */
const overrideCodeMinimum = 28;

/**
 * Who may call the proxy: a service presenting the configured bearer credential, or a signed-in admin. A bearer
 * shorter than 28 characters is `Invalid override auth code.`; a wrong one, or no admin, is `Unauthorized`.
 * A bearer is never sent by a browser on its own, so these calls skip the same-origin check (security.ts).
 */
function requireProxyCaller(request: FastifyRequest, serviceToken: string | null): void {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const token = header.replace(/^Bearer\s+/i, '').trim();
    if (token.length < overrideCodeMinimum)
      throw new AppError('UNAUTHENTICATED', crmErrors.invalidOverrideAuthCode);
    const given = Buffer.from(token);
    const expected = Buffer.from(serviceToken ?? '');
    if (!serviceToken || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new AppError('UNAUTHENTICATED', crmErrors.unauthorized);
    }
    return;
  }
  if (!request.user?.isAdmin) throw new AppError('UNAUTHENTICATED', crmErrors.unauthorized);
}

export interface CrmRoutesDeps {
  crm: CrmService;
  serviceToken: string | null;
  /** The one-time link of a CRM deal link (the auth module's): mails the member a fresh sign-in link. */
  loginOneTime: (input: {
    email?: string;
    login?: string;
    deal?: string;
    redirect?: string;
  }) => Promise<void>;
}

/**
 * The CRM proxy's calls at the spec's paths (`/hubspot/...`, all POST, spec 001 §7), so an outside system that
 * spoke to the original proxy can speak to ours; and the admin's CRM pages under `/api/admin/crm`.
 */
export function crmRoutes({ crm, serviceToken, loginOneTime }: CrmRoutesDeps) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const proxy = { tags: ['crm proxy'], security: [{ bearer: [] }] };
    const proxyErrors = errorResponses(400, 401, 404);

    /** Registers a proxy call at its path, with and without the trailing slash the spec writes. */
    function post<B extends z.ZodType, R extends z.ZodType>(
      path: string,
      summary: string,
      body: B,
      result: R,
      handler: (body: z.output<B>) => Promise<z.input<R>>,
    ) {
      for (const url of new Set([path, path.replace(/\/$/, '')])) {
        // The untyped instance: the zod compilers still check the body and the answer against the schemas.
        fastify.post(
          url,
          {
            schema: {
              ...proxy,
              summary,
              hide: url !== path,
              body,
              response: { 200: result, ...proxyErrors },
            },
          },
          async (request) => {
            requireProxyCaller(request, serviceToken);
            return handler(request.body as z.output<B>);
          },
        );
      }
    }
    const ok = async () => ({ result: true as const });

    post(
      '/hubspot/deal/create/',
      'Create a connection deal',
      DealCreateBodySchema,
      ProxyResultSchema,
      async (b) => ({
        result: await crm.createDeal({ ...b }),
      }),
    );
    post(
      '/hubspot/deal/update/',
      'Move a connection deal',
      DealUpdateBodySchema,
      ProxyResultSchema,
      async (b) => ({
        result: await crm.updateDeal('connection', b),
      }),
    );
    post(
      '/hubspot/deal/my-network/create/',
      'Create a My Network deal',
      NetworkDealCreateBodySchema,
      ProxyResultSchema,
      async (b) => ({ result: await crm.createNetworkDeal(b) }),
    );
    post(
      '/hubspot/deal/my-network/update/',
      'Move a My Network deal',
      NetworkDealUpdateBodySchema,
      ProxyResultSchema,
      async (b) => ({
        result: await crm.updateDeal('network', {
          dealId: b.dealId,
          stage: b.stage,
          reason: b.reason ?? null,
          properties: b.updatedProperties ?? {},
        }),
      }),
    );
    for (const kind of ['expert', 'company'] as const) {
      post(
        `/hubspot/${kind}/exists/`,
        `Whether the ${kind} has a contact`,
        ContactBodySchema,
        ProxyResultSchema,
        async (b) => ({
          result: await crm.contactExists(b.id, kind),
        }),
      );
      for (const action of ['create', 'update'] as const) {
        post(
          `/hubspot/${kind}/${action}/`,
          `${action === 'create' ? 'Create' : 'Update'} the ${kind}'s contact from their profile`,
          ContactBodySchema,
          ProxyResultSchema,
          async (b) => {
            if (!(await crm.contactExists(b.id, kind)) && action === 'update') {
              throw new AppError('INVALID_STATE', crmErrors.contactsMissing);
            }
            if (!(await crm.syncContact(b.id, kind))) {
              throw new AppError(
                'INVALID_STATE',
                kind === 'expert' ? crmErrors.expertNotFound : crmErrors.ventureNotFound,
              );
            }
            return ok();
          },
        );
      }
    }
    post(
      '/hubspot/contact/profiletype',
      'Whether a member with this e-mail has a contact with a profile type',
      ProfileTypeBodySchema,
      ProfileTypeResultSchema,
      async (b) => ({ hasContactProfileType: await crm.hasContactProfileType(b.email) }),
    );
    post(
      '/hubspot/loginOneTime',
      'Mail the member a deal link names a fresh one-time sign-in link',
      LoginOneTimeBodySchema,
      LoginOneTimeResultSchema,
      async (b) => {
        await loginOneTime({
          ...(b.email !== undefined ? { email: b.email } : {}),
          ...(b.idToLogin !== undefined ? { login: b.idToLogin } : {}),
          ...(b.dealId !== undefined ? { deal: b.dealId } : {}),
          ...(b.redirect !== undefined ? { redirect: b.redirect } : {}),
        });
        return { success: true, message: messages.oneTimeLinkSent };
      },
    );

    // The admin's CRM pages
    const admin = { tags: ['admin'] };
    const adminErrors = errorResponses(400, 401, 403, 404);
    app.get(
      '/api/admin/crm/board',
      {
        schema: {
          ...admin,
          summary: 'The pipeline board: every stage with its count and newest deals',
          querystring: CrmBoardQuerySchema,
          response: { 200: CrmBoardResponseSchema, ...adminErrors },
        },
      },
      async (request) => {
        requireAdmin(request);
        return crm.board(request.query.pipeline);
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
        requireAdmin(request);
        await crm.retryDelivery(request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
