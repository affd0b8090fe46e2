import { messages, normalizeEmail } from '@intergen/domain';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { subjectKey } from '../../http/rate-limit-store.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * The subjects whose limiter counters name an account (its e-mail, and its user id where a body has no e-mail),
 * so a deleted account's counters go with it, whichever clients made them.
 */
export function accountRateLimitSubjects(email: string, userId: string): string[] {
  return [email, `user:${userId}`];
}

/** What a credential limiter is given besides its numbers. */
export interface LimiterOptions {
  /**
   * The most attempts per minute for one e-mail from all clients together (default: ten times the per-client
   * budget). Clients that `isKnownClient` names are not held to it.
   */
  ceiling?: number;
  /** Whether the client signed in to this e-mail's account lately (auth's `isKnownClient`); none: no client is. */
  isKnownClient?: (email: string, client: string) => Promise<boolean>;
}

/** The limiter keys of an e-mail, or of the signed-in user where the body has none (`user:<id or address>`). */
function emailOf(request: FastifyRequest): { email: string | null; key: string } {
  const body = request.body as { email?: unknown } | undefined;
  if (typeof body?.email === 'string') {
    const email = normalizeEmail(body.email);
    return { email, key: email };
  }
  return { email: null, key: `user:${request.user?.id ?? request.ip}` };
}

/** The key that counts one client's attempts for one e-mail on a route (a success forgets it). */
export function clientFailureKey(url: string, email: string, client: string): string {
  return subjectKey(email, `email:${url}:client:${client}`);
}

/**
 * Rate limits of a credential route (DESIGN.md §2), each per minute times the configured multiplier: `perIp`
 * attempts from one address whatever the e-mails; `perEmail` attempts for one e-mail from one client (address),
 * so strangers who know an address spend their own budget, not its owner's; and a far higher `ceiling` for one
 * e-mail from every client together, which bounds guessing from many addresses but does not hold a client that
 * signed in to the account lately, so the owner can still sign in, reset or ask for a link.
 */
export function limiters(
  app: FastifyInstance,
  multiplier: number,
  perIp: number,
  perEmail: number,
  options: LimiterOptions = {},
): preHandlerHookHandler {
  const timeWindow = 60_000;
  const limit = (max: number, key: (r: FastifyRequest) => string) =>
    app.createRateLimit({ timeWindow, max: Math.ceil(max * multiplier), keyGenerator: key });
  const byIp = limit(perIp, (r) => `ip:${r.routeOptions.url}:${r.ip}`);
  const byClient = limit(perEmail, (r) => clientFailureKey(r.routeOptions.url ?? '', emailOf(r).key, r.ip));
  const byEmail = limit(options.ceiling ?? perEmail * 10, (r) =>
    subjectKey(emailOf(r).key, `email:${r.routeOptions.url}`),
  );
  const handler: preHandlerHookHandler = async (request, reply) => {
    const { email } = emailOf(request);
    // As the limiter itself (skipOnError): should the database fail, the action fails with its own message.
    const known = email !== null && (await options.isKnownClient?.(email, request.ip).catch(() => false));
    for (const check of known ? [byIp, byClient] : [byIp, byClient, byEmail]) {
      const result = await check(request);
      // `isAllowed` is true only for an allow-listed key; `isExceeded` says whether this one is over.
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new AppError('RATE_LIMITED', messages.tooManyRequests);
      }
    }
  };
  return handler;
}
