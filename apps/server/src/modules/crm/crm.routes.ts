import { timingSafeEqual } from 'node:crypto';
import {
  ContactBodySchema,
  ContactVerificationCodeBodySchema,
  ContactVerificationCodeResultSchema,
  ContactVerifyEmailBodySchema,
  ContactVerifyEmailResultSchema,
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
import { crmErrors, messages, normalizeEmail } from '@intergen/domain';
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../http/session.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { RetryLaterError } from '../../outbox/outbox.ts';
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

/**
 * The member an e-mail verification call is about. A signed-in member calls about their own account (naming
 * another member's e-mail is `Unauthorized`); a service or an admin (`requireProxyCaller`) names the member by
 * e-mail. No such member, or not of the kind `isExpert` says, is `Expert could not be found.` /
 * `Venture could not be found.`
 */
async function verificationMember(
  request: FastifyRequest,
  serviceToken: string | null,
  crm: CrmService,
  body: { isExpert: boolean; email?: string | undefined },
): Promise<{ id: string }> {
  const email = body.email === undefined ? undefined : normalizeEmail(body.email);
  let member: { id: string; kind: string | null } | null;
  if (request.headers.authorization !== undefined || request.user?.isAdmin) {
    requireProxyCaller(request, serviceToken);
    member = email === undefined ? null : await crm.memberByEmail(email);
  } else {
    const user = request.user;
    if (!user || (email !== undefined && email !== normalizeEmail(user.email))) {
      throw new AppError('UNAUTHENTICATED', crmErrors.unauthorized);
    }
    member = user;
  }
  if (member?.kind !== (body.isExpert ? 'expert' : 'company')) {
    throw badRequest('INVALID_STATE', body.isExpert ? crmErrors.expertNotFound : crmErrors.ventureNotFound);
  }
  return member;
}

/**
 * What a proxy caller hears when the CRM fails under it (spec 001 §8): our own refusals as they are; HubSpot
 * asking us to wait is a 503 `HubSpot Proxy service is unreachable` with its Retry-After; anything else is a 500
 * with the call's failure text (`Failed to create deal`, …), the cause logged.
 */
function proxyFailure(error: unknown, failure: string, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof RetryLaterError) {
    return new AppError(
      'SERVER_BUSY',
      crmErrors.unreachable,
      undefined,
      Math.ceil(error.retryAfterMs / 1000),
    );
  }
  request.log.error({ err: error instanceof Error ? error.message : String(error) }, 'CRM proxy call failed');
  return new AppError('INTERNAL', failure);
}

/** Verification calls per caller and member a minute (the auth module's own limits: 3 codes, 10 tries). */
const verificationLimits = { code: 3, verify: 10 };

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
  /** The auth module's e-mail verification: mails the member a fresh code (voiding the previous one). */
  sendVerificationCode: (userId: string) => Promise<void>;
  /** The auth module's e-mail verification: checks the typed code and marks the e-mail verified (its hooks run). */
  verifyEmail: (userId: string, code: string) => Promise<unknown>;
  rateLimitMultiplier: number;
}

/**
 * The CRM proxy's calls at the spec's paths (`/hubspot/...`, all POST, spec 001 §7), so an outside system that
 * spoke to the original proxy can speak to ours; and the admin's CRM pages under `/api/admin/crm`.
 */
export function crmRoutes({
  crm,
  serviceToken,
  loginOneTime,
  sendVerificationCode,
  verifyEmail,
  rateLimitMultiplier,
}: CrmRoutesDeps) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const proxy = { tags: ['crm proxy'], security: [{ bearer: [] }] };
    const proxyErrors = errorResponses(400, 401, 404, 429, 500, 503);

    /**
     * Registers a proxy call at its path, with and without the trailing slash the spec writes. The caller must be
     * the service or an admin (`requireProxyCaller`), unless `members` lets the handler decide who may call.
     */
    function post<B extends z.ZodType, R extends z.ZodType>(
      path: string,
      summary: string,
      body: B,
      result: R,
      handler: (body: z.output<B>, request: FastifyRequest) => Promise<z.input<R>>,
      options: {
        members?: boolean;
        config?: RouteShorthandOptions['config'];
        /** The catalogue's words when the CRM itself fails (HubSpot down or refusing): a 500. */
        failure?: string;
      } = {},
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
            ...(options.config ? { config: options.config } : {}),
          },
          async (request) => {
            if (!options.members) requireProxyCaller(request, serviceToken);
            try {
              return await handler(request.body as z.output<B>, request);
            } catch (error) {
              throw proxyFailure(error, options.failure ?? crmErrors.unreachable, request);
            }
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
      { failure: crmErrors.failedToCreateDeal },
    );
    post(
      '/hubspot/deal/update/',
      'Move a connection deal',
      DealUpdateBodySchema,
      ProxyResultSchema,
      async (b) => ({
        result: await crm.updateDeal('connection', b),
      }),
      { failure: crmErrors.failedToUpdateDeal },
    );
    post(
      '/hubspot/deal/my-network/create/',
      'Create a My Network deal',
      NetworkDealCreateBodySchema,
      ProxyResultSchema,
      async (b) => ({ result: await crm.createNetworkDeal(b) }),
      { failure: crmErrors.failedToCreateDeal },
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
      { failure: crmErrors.failedToUpdateDeal },
    );
    const contactFailure = {
      expert: { create: crmErrors.failedToCreateExpert, update: crmErrors.failedToUpdateExpert },
      company: { create: crmErrors.failedToCreateCompany, update: crmErrors.failedToUpdateCompany },
    };
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
          { failure: contactFailure[kind][action] },
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

    /**
     * Per caller (the service, or the signed-in account) and member named, after the body is read; the same
     * limits as the auth module's own verification calls, so the proxy is no way around them.
     */
    const limitVerification = (max: number): RouteShorthandOptions['config'] => ({
      rateLimit: {
        max: Math.ceil(max * rateLimitMultiplier),
        timeWindow: 60_000,
        hook: 'preHandler',
        keyGenerator: (request) => {
          const named = (request.body as { email?: string } | undefined)?.email;
          const caller =
            request.headers.authorization !== undefined ? 'service' : (request.user?.id ?? request.ip);
          return `crm:${request.routeOptions.url}:${caller}:${named === undefined ? '' : normalizeEmail(named)}`;
        },
      },
    });
    post(
      '/hubspot/contact/emailVerificationCode',
      "Mail the member a fresh e-mail verification code (the member's own, or one a service or an admin names)",
      ContactVerificationCodeBodySchema,
      ContactVerificationCodeResultSchema,
      async (b, request) => {
        const member = await verificationMember(request, serviceToken, crm, b);
        try {
          await sendVerificationCode(member.id);
        } catch (error) {
          if (error instanceof AppError) throw error;
          request.log.error({ err: error }, 'verification code send failed');
          throw new AppError('INTERNAL', messages.verificationTechnicalDifficulties);
        }
        return { result: true, reachable: true };
      },
      { members: true, config: limitVerification(verificationLimits.code) },
    );
    post(
      '/hubspot/contact/verifyEmail',
      "Verify the member's e-mail with the code they typed",
      ContactVerifyEmailBodySchema,
      ContactVerifyEmailResultSchema,
      async (b, request) => {
        const member = await verificationMember(request, serviceToken, crm, b);
        await verifyEmail(member.id, b.input);
        return { result: true };
      },
      { members: true, config: limitVerification(verificationLimits.verify) },
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
        const admin = requireAdmin(request);
        await crm.retryDelivery(request.params.id, admin.id);
        return reply.status(204).send(null);
      },
    );
  };
}
