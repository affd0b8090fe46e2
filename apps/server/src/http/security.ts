import { messages } from '@intergen/domain';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { AppError } from '../lib/errors.ts';
import { isApiRequest, isCrmProxyRequest } from './paths.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The control endpoints of the local CLIs and the header that carries their token (operations/backup.ts). */
const controlPathPrefix = '/api/internal/';
export const controlHeaderName = 'x-intergen-control';

/**
 * CSRF defence: a state-changing /api request must say it comes from our own origin, through `Origin`
 * or, failing that, `Sec-Fetch-Site: same-origin`. Requests that carry neither are refused. The origin is
 * APP_URL's, never one made from the request's `Host`: a name an attacker points at this server (DNS
 * rebinding) brings its own Host, and would otherwise count as same-origin.
 */
export function registerOriginCheck(app: FastifyInstance, appUrl: string) {
  const allowed = new URL(appUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !isApiRequest(request)) return;
    // The CRM proxy's service calls carry a bearer, which a browser never attaches on its own, or no credential at
    // all (refused as Unauthorized): neither can be forged cross-site. A cookie is checked as anywhere else.
    if (
      isCrmProxyRequest(request) &&
      (request.headers.authorization !== undefined || !request.headers.cookie)
    ) {
      return;
    }
    // `npm run admin` and `npm run backup` call the server's control endpoints with its secret control header, which
    // a page cannot send cross-site (a custom header needs a CORS preflight, never approved here); they check it.
    if (request.url.startsWith(controlPathPrefix) && request.headers[controlHeaderName] !== undefined) return;
    const origin = request.headers.origin;
    if (origin) {
      if (origin === allowed) return;
    } else if (request.headers['sec-fetch-site'] === 'same-origin') {
      return;
    }
    throw new AppError('CROSS_ORIGIN', messages.crossOriginRefused);
  });
}

/**
 * Sets the security headers (`helmetOptions`) on every response. Helmet's middleware is built once here:
 * @fastify/helmet built it anew for each request (the policy parsed and its header written again), about 18 µs
 * a request on the benchmark's machine (docs/benchmarks.md, API throughput).
 */
export function registerSecurityHeaders(app: FastifyInstance, production: boolean) {
  const apply = helmet(helmetOptions(production));
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}

/** Content-Security-Policy and the other security headers (DESIGN.md §2). */
export function helmetOptions(production: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The review dialog embeds the hosted survey form, whose URL admins set at run time (settings
        // `surveyForms`): any HTTPS page may be framed by us; nothing may frame us (frame-ancestors).
        frameSrc: ["'self'", 'https:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: production ? [] : null,
      },
    },
    strictTransportSecurity: production ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    crossOriginEmbedderPolicy: false,
  };
}
