import type { FastifyRequest } from 'fastify';

/**
 * The path a request is for, as the router sees it: the matched route's pattern, or, when no route matched,
 * the URL's path percent-decoded. `request.url` is the raw URL, in which `/api/` may be spelled `/%61pi/`
 * (the router decodes it): hooks that decide by prefix must not read it. A path that cannot be decoded is
 * kept raw.
 */
export function requestPath(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern) return pattern;
  const raw = request.url.split('?', 1)[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Whether a request is for the API (the CSRF check, the session, JSON 404s): `/api/…`, and the CRM proxy's
 * calls at the spec's paths (`/hubspot/…`).
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const path = requestPath(request);
  return path === '/api' || path.startsWith('/api/') || isCrmProxyRequest(request);
}

/** Whether a request is one of the CRM proxy's calls (spec 001 §7: `/hubspot/…`). */
export function isCrmProxyRequest(request: FastifyRequest): boolean {
  return requestPath(request).startsWith('/hubspot/');
}
