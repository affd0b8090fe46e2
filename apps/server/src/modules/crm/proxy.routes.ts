import { timingSafeEqual } from 'node:crypto';
import {
  ContactBodySchema,
  ContactVerificationCodeBodySchema,
  ContactVerificationCodeResultSchema,
  ContactVerifyEmailBodySchema,
  ContactVerifyEmailResultSchema,
  DealCreateBodySchema,
  DealUpdateBodySchema,
  LoginOneTimeBodySchema,
  LoginOneTimeResultSchema,
  NetworkDealCreateBodySchema,
  NetworkDealUpdateBodySchema,
  ProfileTypeBodySchema,
  ProfileTypeResultSchema,
  type ProxyFailure,
  ProxyFailureSchema,
  ProxyResultSchema,
} from '@intergen/contracts';
import { crmErrors, messages, normalizeEmail } from '@intergen/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors.ts';
import { RetryLaterError } from '../../outbox/outbox.ts';
import type { CrmService } from './crm.factory.ts';
import type { ProxyWrite } from './proxy-audit.ts';

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

export interface CrmProxyDeps {
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

/** The answer field a failed call sets, and to what (spec 001 §7: false, or -1 for an id). */
type FailureField = Partial<Pick<ProxyFailure, 'result' | 'success' | 'hasContactProfileType' | 'reachable'>>;

/** What a proxy route declares besides its schemas: who may call it, and its answer when it fails. */
interface ProxyRouteConfig {
  /** The handler decides who may call (a member about their own account), after the credential check. */
  proxyMembers?: boolean;
  proxyFailure?: FailureField;
}

/** The spec's HTTP codes (001 §8: 200, 201, 400, 401, 500), and 429 for a rate limit (DESIGN.md §2). */
function proxyStatus(status: number): number {
  if (status === 401 || status === 403) return 401;
  if (status === 429) return 429;
  if (status >= 500) return 500;
  return 400;
}

/**
 * Reshapes an error answer of a proxy call (spec 001 §7, §8): the call's failure field, the catalogue's message as
 * `message`, beside the app's `error` object; the status among the spec's codes (a 404 is a 400, a 403 a 401, a
 * 503 a 500, its Retry-After kept).
 */
function failureAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  const error = (payload as { error?: ProxyFailure['error'] } | null)?.error;
  if (reply.statusCode < 400 || !error) return payload;
  const config = request.routeOptions.config as ProxyRouteConfig;
  const field: FailureField = config.proxyFailure ?? { result: false };
  const failure: ProxyFailure = {
    ...field,
    // A failure of the CRM itself (a 500) is the proxy unreachable, for the calls that say so.
    ...(field.reachable !== undefined && reply.statusCode >= 500 ? { reachable: false } : {}),
    message: error.message,
    error,
  };
  reply.status(proxyStatus(reply.statusCode));
  return failure;
}

/**
 * The credential check of every proxy call, before its body is read or checked (`onRequest`): a bearer must be the
 * service's credential; without one, a signed-in admin, or a signed-in member where the call lets members in.
 */
function checkCaller(request: FastifyRequest, serviceToken: string | null): void {
  const config = request.routeOptions.config as ProxyRouteConfig;
  if (config.proxyMembers && request.headers.authorization === undefined) {
    if (!request.user) throw new AppError('UNAUTHENTICATED', crmErrors.unauthorized);
    return;
  }
  requireProxyCaller(request, serviceToken);
}

/**
 * The CRM proxy's calls at the spec's paths (`/hubspot/...`, all POST, spec 001 §7), so an outside system that
 * spoke to the original proxy can speak to ours. The caller is checked before anything else, the body included;
 * every failure answers the spec's shape (`failureAnswer`). Registered under the `/hubspot` prefix.
 */
export function crmProxyRoutes({
  crm,
  serviceToken,
  loginOneTime,
  sendVerificationCode,
  verifyEmail,
  rateLimitMultiplier,
}: CrmProxyDeps) {
  return async function routes(fastify: FastifyInstance) {
    fastify.addHook('onRequest', async (request) => checkCaller(request, serviceToken));
    fastify.addHook('preSerialization', async (request, reply, payload) =>
      failureAnswer(request, reply, payload),
    );
    // An unknown path under /hubspot: the caller is checked first, then it is a 400 like any bad call.
    fastify.setNotFoundHandler(async (request) => {
      requireProxyCaller(request, serviceToken);
      throw new AppError('NOT_FOUND', messages.notFound);
    });
    const proxy = { tags: ['crm proxy'], security: [{ bearer: [] }] };
    // The spec's failure codes (001 §8), and 429 for a rate limit (DESIGN.md §2).
    const proxyErrors = {
      400: ProxyFailureSchema,
      401: ProxyFailureSchema,
      429: ProxyFailureSchema,
      500: ProxyFailureSchema,
    };

    /**
     * Registers a proxy call at its path (under `/hubspot`), with and without the trailing slash the spec writes.
     * The caller must be the service or an admin (`requireProxyCaller`), unless `members` lets the handler decide
     * who may call. `failureField` is what the call answers when it fails (default `result: false`).
     */
    function post<B extends z.ZodType, R extends z.ZodType>(
      fullPath: string,
      summary: string,
      body: B,
      result: R,
      handler: (body: z.output<B>, request: FastifyRequest) => Promise<z.input<R>>,
      options: {
        members?: boolean;
        config?: RouteShorthandOptions['config'];
        /** The catalogue's words when the CRM itself fails (HubSpot down or refusing): a 500. */
        failure?: string;
        failureField?: FailureField;
        /** A write: an admin's call is recorded in the audit log, naming what it wrote about. */
        audit?: (
          body: z.output<B>,
          result: z.input<R>,
        ) => Promise<Omit<ProxyWrite, 'path'>> | Omit<ProxyWrite, 'path'>;
      } = {},
    ) {
      const path = fullPath.replace(/^\/hubspot/, '');
      const config: ProxyRouteConfig = {
        ...(options.members ? { proxyMembers: true } : {}),
        ...(options.failureField ? { proxyFailure: options.failureField } : {}),
      };
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
            config: { ...(options.config ?? {}), ...config },
          },
          async (request) => {
            let answer: z.input<R>;
            try {
              answer = await handler(request.body as z.output<B>, request);
            } catch (error) {
              throw proxyFailure(error, options.failure ?? crmErrors.unreachable, request);
            }
            const admin = request.headers.authorization === undefined ? request.user : null;
            if (options.audit && admin?.isAdmin) {
              const write = await options.audit(request.body as z.output<B>, answer);
              await crm.auditProxyWrite(admin.id, { ...write, path: fullPath });
            }
            return answer;
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
      {
        failure: crmErrors.failedToCreateDeal,
        failureField: { result: -1 as const },
        audit: (b, r) => ({
          action: 'crm.deal.create',
          memberIds: [b.expert, b.venture],
          dealId: String(r.result),
        }),
      },
    );
    post(
      '/hubspot/deal/update/',
      'Move a connection deal',
      DealUpdateBodySchema,
      ProxyResultSchema,
      async (b) => ({
        result: await crm.updateDeal('connection', b),
      }),
      {
        failure: crmErrors.failedToUpdateDeal,
        audit: async (b) => ({
          action: 'crm.deal.update',
          memberIds: await crm.connectionDealParties(b.dealId),
          dealId: b.dealId,
        }),
      },
    );
    post(
      '/hubspot/deal/my-network/create/',
      'Create a My Network deal',
      NetworkDealCreateBodySchema,
      ProxyResultSchema,
      async (b) => ({ result: await crm.createNetworkDeal(b) }),
      {
        failure: crmErrors.failedToCreateDeal,
        failureField: { result: -1 as const },
        audit: (b, r) => ({
          action: 'crm.network_deal.create',
          memberIds: [b.initiator, b.recipient],
          dealId: String(r.result),
        }),
      },
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
      {
        failure: crmErrors.failedToUpdateDeal,
        audit: (b) => ({
          action: 'crm.network_deal.update',
          memberIds: [b.initiatorId, b.recipientId],
          dealId: b.dealId,
        }),
      },
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
          {
            failure: contactFailure[kind][action],
            audit: (b) => ({ action: `crm.contact.${action}`, memberIds: [b.id] }),
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
      { failureField: { hasContactProfileType: false } },
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
      {
        members: true,
        config: limitVerification(verificationLimits.code),
        failureField: { result: false, reachable: true },
        audit: async (b) => ({
          action: 'crm.verification_code.send',
          memberIds: [b.email === undefined ? null : (await crm.memberByEmail(normalizeEmail(b.email)))?.id],
        }),
      },
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
      {
        members: true,
        config: limitVerification(verificationLimits.verify),
        audit: async (b) => ({
          action: 'crm.email.verify',
          memberIds: [(await crm.memberByEmail(normalizeEmail(b.email)))?.id],
        }),
      },
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
      {
        failureField: { success: false },
        audit: (b) => ({ action: 'crm.one_time_link.send', memberIds: [b.idToLogin] }),
      },
    );
  };
}
