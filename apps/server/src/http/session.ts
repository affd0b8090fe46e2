import { messages } from '@intergen/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import type { AuthService, IssuedSession, SessionCache } from '../modules/auth/index.ts';
import type { MemberRows, UserRow } from '../modules/members/index.ts';
import { isApiRequest } from './paths.ts';

export const SESSION_COOKIE = 'intergen_session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public route that answers the same to everyone: its session cookie is not looked up. */
    withoutSession?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie for /api requests; null when signed out. */
    user: UserRow | null;
    /**
     * The signed-in user's account, profile and contact rows, read with the session in the same statement (null
     * when signed out): the caller's own views and the access checks of the dashboard's lists use them instead of
     * reading the caller again. As of the start of the request; a change the request makes is not in them.
     */
    member: MemberRows | null;
    sessionToken: string | null;
    /** The session's annual-confirmation flag, read with it (null when signed out). */
    sessionPostponed: boolean | null;
  }
}

/**
 * Resolves the session cookie of every /api request into `request.user`. With a session cache, a request that may
 * have changed something (any method but GET and HEAD) is answered only once this instance has heard of what it
 * changed (`settle`), so the next request here never meets a session or member as they were before it.
 */
export function registerSessions(
  app: FastifyInstance,
  auth: AuthService,
  secure: boolean,
  sessionCache: SessionCache | null = null,
) {
  app.decorateRequest('user', null);
  app.decorateRequest('member', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('sessionPostponed', null);
  const set = (reply: FastifyReply, session: IssuedSession) => {
    reply.setCookie(SESSION_COOKIE, session.token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: Math.max(0, Math.round((session.expiresAt.getTime() - Date.now()) / 1000)),
    });
  };
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRequest(request) || request.routeOptions.config.withoutSession) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const resolved = await auth.resolveSession(token);
    if (resolved) {
      request.user = resolved.user;
      request.member = resolved.member;
      request.sessionToken = token;
      request.sessionPostponed = resolved.annualConfirmationPostponed;
      // The server slid the session's expiry forward: let the browser keep the cookie as long.
      if (resolved.extendedUntil) set(reply, { token, expiresAt: resolved.extendedUntil });
    }
  });
  if (sessionCache) {
    app.addHook('onSend', async (request) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && isApiRequest(request)) {
        await sessionCache.settle();
      }
    });
  }
  return {
    set,
    clear(reply: FastifyReply) {
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
    },
  };
}

export type SessionCookies = ReturnType<typeof registerSessions>;

/** The signed-in user, or a 401. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError('UNAUTHENTICATED', messages.notSignedIn);
  return request.user;
}

export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!user.isAdmin) throw new AppError('FORBIDDEN', messages.forbidden);
  return user;
}

export function clientInfo(request: FastifyRequest) {
  return { userAgent: request.headers['user-agent'], ip: request.ip };
}
