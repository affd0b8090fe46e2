/**
 * HubSpot's request limits, as the stub enforces them (HubSpot's "API usage guidelines and limits"): per access
 * token, a rolling ten-second window (100 requests for a private app on most plans, 190 with the API limit
 * increase) and a daily count that resets at midnight in the portal's time zone (the stub's portal is in UTC).
 * Search endpoints have their own limit of 5 requests per second per token, and their answers carry none of the
 * `X-HubSpot-RateLimit-*` headers. A 429 answers HubSpot's body: `{status, message, errorType: 'RATE_LIMIT',
 * correlationId, policyName, groupName}`; HubSpot does not always send `Retry-After`, so the stub sends it only
 * when asked to.
 */

export type HubSpotRatePolicy = 'TEN_SECONDLY_ROLLING' | 'DAILY' | 'SECONDLY';

export interface HubSpotStubLimits {
  /** Requests per rolling window, per token (HubSpot: 100, or 190 with the API limit increase). */
  tenSecondly: number;
  /** Requests per day, per token (HubSpot: 250,000 to 1,000,000 by plan). Default: 250,000. */
  daily?: number;
  /** The rolling window (default 10,000 ms; a test may shorten it). */
  intervalMs?: number;
  /** Search requests per second, per token (HubSpot: 5; 0 turns the search limit off). Default: 5. */
  searchPerSecond?: number;
  /** Seconds of `Retry-After` on a limit's 429; unset: none (HubSpot does not always send one). */
  retryAfterSeconds?: number;
}

/** The stub's answer to a request over a limit. */
export interface LimitReply {
  status: 429;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

const DAY_MS = 86_400_000;

/** HubSpot's 429 body for a policy (the message names the policy in lower case, as HubSpot's does). */
export function rateLimitBody(policy: HubSpotRatePolicy, correlationId: string): Record<string, unknown> {
  return {
    status: 'error',
    message: `You have reached your ${policy === 'SECONDLY' ? 'secondly' : policy.toLowerCase()} limit.`,
    errorType: 'RATE_LIMIT',
    correlationId,
    policyName: policy,
    // HubSpot names the limit's group here; the stub's is a fixed name of its own.
    groupName: 'publicapi:stub-portal',
  };
}

interface TokenUse {
  /** Send times in the rolling window, oldest first. */
  window: number[];
  searches: number[];
  day: number;
  dailyCount: number;
}

/**
 * Counts each token's requests against the limits. `admit` is called once per authenticated request: it
 * answers the 429 when a limit is used up (the request is then not counted), else the headers of the answer.
 */
export function stubRateLimiter(limits: HubSpotStubLimits, now: () => number) {
  const intervalMs = limits.intervalMs ?? 10_000;
  const daily = limits.daily ?? 250_000;
  const searchPerSecond = limits.searchPerSecond ?? 5;
  const uses = new Map<string, TokenUse>();
  let rejected: Record<HubSpotRatePolicy, number> = { TEN_SECONDLY_ROLLING: 0, DAILY: 0, SECONDLY: 0 };

  const useOf = (token: string, at: number): TokenUse => {
    let use = uses.get(token);
    if (!use) {
      use = { window: [], searches: [], day: 0, dailyCount: 0 };
      uses.set(token, use);
    }
    const day = Math.floor(at / DAY_MS);
    if (use.day !== day) Object.assign(use, { day, dailyCount: 0 });
    while (use.window.length > 0 && use.window[0]! <= at - intervalMs) use.window.shift();
    while (use.searches.length > 0 && use.searches[0]! <= at - 1000) use.searches.shift();
    return use;
  };

  const headersOf = (use: TokenUse): Record<string, string> => ({
    'x-hubspot-ratelimit-max': String(limits.tenSecondly),
    'x-hubspot-ratelimit-remaining': String(Math.max(0, limits.tenSecondly - use.window.length)),
    'x-hubspot-ratelimit-interval-milliseconds': String(intervalMs),
    'x-hubspot-ratelimit-daily': String(daily),
    'x-hubspot-ratelimit-daily-remaining': String(Math.max(0, daily - use.dailyCount)),
  });

  function reject(policy: HubSpotRatePolicy, headers: Record<string, string>, correlationId: string) {
    rejected[policy] += 1;
    const retry: Record<string, string> =
      limits.retryAfterSeconds === undefined ? {} : { 'retry-after': String(limits.retryAfterSeconds) };
    return {
      status: 429 as const,
      headers: { ...headers, ...retry },
      body: rateLimitBody(policy, correlationId),
    };
  }

  return {
    admit(
      token: string,
      search: boolean,
      correlationId: () => string,
    ): { headers: Record<string, string>; reply?: LimitReply } {
      const at = now();
      const use = useOf(token, at);
      const headers = search ? {} : headersOf(use);
      if (use.dailyCount >= daily) return { headers, reply: reject('DAILY', headers, correlationId()) };
      if (use.window.length >= limits.tenSecondly) {
        return { headers, reply: reject('TEN_SECONDLY_ROLLING', headers, correlationId()) };
      }
      if (search && searchPerSecond > 0 && use.searches.length >= searchPerSecond) {
        return { headers, reply: reject('SECONDLY', headers, correlationId()) };
      }
      use.window.push(at);
      if (search) use.searches.push(at);
      use.dailyCount += 1;
      return { headers: search ? {} : headersOf(use) };
    },
    /** 429s answered, by policy. */
    rejected: () => ({ ...rejected }),
    reset() {
      uses.clear();
      rejected = { TEN_SECONDLY_ROLLING: 0, DAILY: 0, SECONDLY: 0 };
    },
  };
}

export type StubRateLimiter = ReturnType<typeof stubRateLimiter>;
