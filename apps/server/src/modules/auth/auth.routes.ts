import {
  ChangePasswordBodySchema,
  ConsumeOneTimeLinkBodySchema,
  ConsumeOneTimeLinkResponseSchema,
  DealOneTimeLinkBodySchema,
  errorResponses,
  ForgotPasswordBodySchema,
  MessageResponseSchema,
  OneTimeLinkBodySchema,
  ResetPasswordBodySchema,
  SessionResponseSchema,
  SignInBodySchema,
  SignUpBodySchema,
  UserResponseSchema,
  VerifyEmailBodySchema,
} from '@intergen/contracts';
import { accountTexts, messages } from '@intergen/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientInfo, requireUser, type SessionCookies } from '../../http/session.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthService } from './auth.service.ts';
import { clientFailureKey, limiters } from './rate-limits.ts';

const errors = errorResponses(400, 401, 403, 409, 429);

export function authRoutes(deps: {
  auth: AuthService;
  cookies: SessionCookies;
  rateLimitMultiplier: number;
}) {
  const { auth, cookies, rateLimitMultiplier: m } = deps;
  const isKnownClient = auth.isKnownClient;
  /** The client signed in to `email`'s account: it is known to its limits from now on, its failures forgotten. */
  const signedIn = (request: FastifyRequest, email: string) =>
    auth
      .rememberClient(email, request.ip, [
        clientFailureKey(request.routeOptions.url ?? '', email, request.ip),
      ])
      // The member is signed in either way; only the limiter's memory of the client is missing.
      .catch((error: unknown) => request.log.warn({ err: error }, 'could not remember the signed-in client'));
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['auth'];

    app.get(
      '/session',
      {
        schema: { tags, summary: 'The signed-in user, or null', response: { 200: SessionResponseSchema } },
      },
      async (request, reply) => {
        // From the session lookup's rows, the answer made once for them (sessions.ts), sent as it is (a JSON
        // string is not serialized again, which the typed `send` cannot say).
        const { user, member, sessionPostponed } = request;
        const answer =
          user && member && sessionPostponed !== null && auth.sessionAnswer(user, member, sessionPostponed);
        if (answer) return reply.type('application/json; charset=utf-8').send(answer as never);
        return {
          user: request.user
            ? await auth.describe(
                request.user,
                request.sessionToken,
                request.sessionPostponed ?? undefined,
                request.member ?? undefined,
              )
            : null,
        };
      },
    );

    app.post(
      '/session/annual-confirmation-later',
      {
        schema: {
          tags,
          summary: '`Maybe later` on the annual confirmation: not asked again until the next sign-in',
          response: { 200: UserResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = requireUser(request);
        // A signed-in request always came with its session's token.
        const token = request.sessionToken ?? '';
        return { user: await auth.postponeAnnualConfirmation(user, token) };
      },
    );

    app.post(
      '/sign-up',
      {
        schema: {
          tags,
          summary: 'Create an account and sign in',
          body: SignUpBodySchema,
          response: { 201: UserResponseSchema, ...errors },
        },
        preHandler: limiters(fastify, m, 20, 5, { isKnownClient }),
      },
      async (request, reply) => {
        const { user, session } = await auth.signUp(request.body, clientInfo(request));
        await signedIn(request, user.email);
        cookies.set(reply, session);
        return reply.status(201).send({ user });
      },
    );

    app.post(
      '/sign-in',
      {
        schema: {
          tags,
          summary: 'Sign in with e-mail and password',
          body: SignInBodySchema,
          response: { 200: UserResponseSchema, ...errors },
        },
        preHandler: limiters(fastify, m, 30, 10, { isKnownClient }),
      },
      async (request, reply) => {
        const { user, session } = await auth.signIn(
          request.body,
          clientInfo(request),
          request.cookies.intergen_session,
        );
        await signedIn(request, user.email);
        cookies.set(reply, session);
        return { user };
      },
    );

    app.post(
      '/sign-out',
      {
        schema: { tags, summary: 'End this session', response: { 200: MessageResponseSchema } },
      },
      async (request, reply) => {
        if (request.sessionToken) await auth.signOut(request.sessionToken);
        cookies.clear(reply);
        return { message: 'Signed out' };
      },
    );

    app.post(
      '/sign-out-everywhere',
      {
        schema: {
          tags,
          summary: 'End every session of the signed-in member, on every device, this one included',
          response: { 200: MessageResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        await auth.signOutEverywhere(user.id);
        cookies.clear(reply);
        return { message: accountTexts.signedOutEverywhere };
      },
    );

    app.post(
      '/password/forgot',
      {
        schema: {
          tags,
          summary: 'Mail a password reset link',
          body: ForgotPasswordBodySchema,
          response: { 200: MessageResponseSchema, ...errors },
        },
        preHandler: limiters(fastify, m, 10, 3, { ceiling: 10, isKnownClient }),
      },
      async (request) => {
        await auth.forgotPassword(request.body.email);
        return { message: messages.resetSuccess };
      },
    );

    app.post(
      '/password/reset',
      {
        schema: {
          tags,
          summary: 'Set a new password with a reset token',
          body: ResetPasswordBodySchema,
          response: { 200: MessageResponseSchema, ...errors },
        },
        preHandler: limiters(fastify, m, 10, 10),
      },
      async (request) => {
        await auth.resetPassword(request.body, clientInfo(request));
        return { message: messages.passwordResetDone };
      },
    );

    app.post(
      '/password/change',
      {
        schema: {
          tags,
          summary: 'Change the password of the signed-in user',
          body: ChangePasswordBodySchema,
          response: { 200: MessageResponseSchema, ...errors },
        },
        preHandler: limiters(fastify, m, 10, 5),
      },
      async (request, reply) => {
        const user = requireUser(request);
        const session = await auth.changePassword(user.id, request.body, clientInfo(request));
        cookies.set(reply, session);
        return { message: messages.passwordChanged };
      },
    );

    app.post(
      '/one-time-link',
      {
        schema: {
          tags,
          summary: 'Mail a one-time sign-in link',
          body: OneTimeLinkBodySchema,
          response: { 200: MessageResponseSchema, ...errors },
        },
        preHandler: limiters(fastify, m, 10, 3, { ceiling: 10, isKnownClient }),
      },
      async (request) => {
        try {
          await auth.requestOneTimeLink(request.body);
        } catch (error) {
          request.log.error({ err: error }, 'one-time link failed');
          throw new AppError('INTERNAL', messages.oneTimeLinkFailed);
        }
        return { message: messages.oneTimeLinkSent };
      },
    );

    app.post(
      '/one-time-link/for-deal',
      {
        schema: {
          tags,
          summary: 'Mail a one-time link to the member a CRM deal link names',
          body: DealOneTimeLinkBodySchema,
          response: { 200: MessageResponseSchema, ...errors },
        },
        preHandler: limiters(fastify, m, 10, 3, { ceiling: 10, isKnownClient }),
      },
      async (request) => {
        try {
          await auth.requestDealOneTimeLink(request.body);
        } catch (error) {
          if (error instanceof AppError) throw error;
          request.log.error({ err: error }, 'deal one-time link failed');
          throw new AppError('INTERNAL', messages.oneTimeLinkFailed);
        }
        return { message: messages.oneTimeLinkSent };
      },
    );

    app.post(
      '/one-time-link/consume',
      {
        schema: {
          tags,
          summary: 'Sign in with a one-time link token',
          body: ConsumeOneTimeLinkBodySchema,
          response: { 200: ConsumeOneTimeLinkResponseSchema, ...errors },
        },
        preHandler: limiters(fastify, m, 20, 20),
      },
      async (request, reply) => {
        const result = await auth.consumeOneTimeLink(
          request.body.token,
          clientInfo(request),
          request.cookies.intergen_session,
        );
        await signedIn(request, result.user.email);
        cookies.set(reply, result.session);
        return { user: result.user, redirect: result.redirect };
      },
    );

    app.post(
      '/email-verification/send',
      {
        schema: {
          tags,
          summary: 'Send a new e-mail verification code',
          response: { 200: MessageResponseSchema, ...errors },
        },
        preHandler: limiters(fastify, m, 10, 3),
      },
      async (request) => {
        const user = requireUser(request);
        try {
          await auth.sendVerificationCode(user.id);
        } catch (error) {
          if (error instanceof AppError) throw error;
          request.log.error({ err: error }, 'verification code send failed');
          throw new AppError('INTERNAL', messages.verificationTechnicalDifficulties);
        }
        return { message: messages.verificationCodeSent };
      },
    );

    app.post(
      '/email-verification/verify',
      {
        schema: {
          tags,
          summary: 'Verify the e-mail address with the 5-character code',
          body: VerifyEmailBodySchema,
          response: { 200: UserResponseSchema, ...errors },
        },
        preHandler: limiters(fastify, m, 30, 10),
      },
      async (request) => {
        const user = requireUser(request);
        return { user: await auth.verifyEmail(user.id, request.body.code, request.sessionToken) };
      },
    );
  };
}
