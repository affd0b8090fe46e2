import type { App } from '../app.ts';

/**
 * One demo member's browser over `app.inject`: it keeps the session cookie, sends the site's Origin (the
 * same-origin check) and comes from an address of its own (a documentation range, RFC 5737), so the rate limits
 * the demo's steps count never fall on a real visitor's address.
 */
export function demoBrowser(app: App, origin: string, ip: string) {
  const jar = new Map<string, string>();
  async function call(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<unknown> {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: { origin, ...(cookie ? { cookie } : {}) },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    for (const c of response.cookies) {
      if (c.value === '' || (c.maxAge !== undefined && c.maxAge <= 0)) jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
    if (response.statusCode >= 300) {
      throw new Error(`demo: ${method} ${url} answered ${response.statusCode} ${response.body}`);
    }
    return response.body ? response.json() : null;
  }
  return {
    get: <T = unknown>(url: string) => call('GET', url) as Promise<T>,
    post: <T = unknown>(url: string, body: unknown = {}) => call('POST', url, body) as Promise<T>,
    put: <T = unknown>(url: string, body: unknown) => call('PUT', url, body) as Promise<T>,
  };
}

export type DemoBrowser = ReturnType<typeof demoBrowser>;
