/**
 * Keeps the gateway under HubSpot's limits by design (HubSpot's "API usage guidelines and limits"): a rolling
 * ten-second window per private app (100 requests, or 190 with the API limit increase) and a daily count that
 * resets at midnight in the portal's time zone. Every answer says where the token stands in its
 * `X-HubSpot-RateLimit-*` headers (not a search's), and a 429 names the policy it broke in `policyName`.
 *
 * The window is counted here as HubSpot counts it, rolling: a request waits only when the last ten seconds
 * already hold this instance's share. Bottleneck (the client's `limiterOptions`) was the first choice, but its
 * reservoir refills on a fixed interval, which lets twice the limit through across a refill in a rolling window,
 * and its `minTime` spaces every request, slowing the bursts that fit (docs/decisions/2026-12-06-hubspot-pacing.md).
 */

/** Our share of the window: a margin for the clock skew between HubSpot and us and for calls made elsewhere. */
export const paceMargin = 0.9;
/** HubSpot's window. */
export const tenSecondsMs = 10_000;
/** How long a daily-limit pause lasts when the portal's time zone is not known: a probe an hour. */
export const dailyProbeMs = 3_600_000;

/** HubSpot's limits, as a 429's `policyName` names them (SECONDLY: the search endpoints' own). */
export const hubspotRatePolicies = ['TEN_SECONDLY_ROLLING', 'DAILY', 'SECONDLY'] as const;
export type HubSpotRatePolicy = (typeof hubspotRatePolicies)[number];

export interface PaceClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: PaceClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface HubSpotPacerOptions {
  /** The plan's requests per window for this instance (`HUBSPOT_RATE_LIMIT`). */
  limit: number;
  intervalMs?: number;
  clock?: PaceClock;
  /** The portal's IANA time zone, when known: a daily pause then ends at its midnight. */
  timeZone?: string;
}

/** Milliseconds from `at` to the next midnight in `timeZone`; an hour when no time zone is known. */
export function untilDailyReset(at: number, timeZone?: string): number {
  if (!timeZone) return dailyProbeMs;
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const elapsed = ((part('hour') * 60 + part('minute')) * 60 + part('second')) * 1000 + (at % 1000);
  return 86_400_000 - elapsed;
}

const headerOf = (headers: Record<string, string> | undefined, name: string) => {
  const value = Object.entries(headers ?? {}).find(([k]) => k.toLowerCase() === name)?.[1];
  const n = value === undefined || value === '' ? Number.NaN : Number(value);
  return Number.isFinite(n) ? n : null;
};

/**
 * One token's pace in this process: `take()` before each request waits for a free place in the rolling window
 * (in the order asked), `observe()` reads every answer's headers, and a pause (a 429, the day used up) makes
 * `pausedFor()` answer how long the CRM waits before sending again.
 */
export function hubspotPacer(options: HubSpotPacerOptions) {
  const intervalMs = options.intervalMs ?? tenSecondsMs;
  const clock = options.clock ?? realClock;
  const allowed = Math.max(1, Math.floor(options.limit * paceMargin));
  const sent: number[] = [];
  let queue: Promise<void> = Promise.resolve();
  let pausedUntil = 0;

  async function wait(): Promise<void> {
    for (;;) {
      const at = clock.now();
      while (sent.length > 0 && sent[0]! <= at - intervalMs) sent.shift();
      if (sent.length < allowed) {
        sent.push(at);
        return;
      }
      await clock.sleep(sent[0]! + intervalMs - at);
    }
  }

  return {
    /** How many requests this instance sends per window at most. */
    allowed,
    take(): Promise<void> {
      const turn = queue.then(wait);
      queue = turn.catch(() => {});
      return turn;
    },
    /** The day used up (`X-HubSpot-RateLimit-Daily-Remaining` 0): no request until HubSpot's day resets. */
    observe(headers: Record<string, string> | undefined) {
      if (headerOf(headers, 'x-hubspot-ratelimit-daily-remaining') === 0) {
        this.pause(untilDailyReset(clock.now(), options.timeZone));
      }
    },
    pause(ms: number) {
      pausedUntil = Math.max(pausedUntil, clock.now() + ms);
    },
    pausedFor: () => pausedUntil - clock.now(),
    /** How long a 429 of `policy` asks to wait: the day's reset, or Retry-After, the window, else 10 s. */
    waitOf(policy: HubSpotRatePolicy, headers: Record<string, string> | undefined): number {
      if (policy === 'DAILY') return untilDailyReset(clock.now(), options.timeZone);
      const retryAfter = headerOf(headers, 'retry-after');
      if (retryAfter !== null && retryAfter >= 0) return Math.ceil(retryAfter * 1000);
      // A search's answer has no rate-limit headers; its limit is per second.
      if (policy === 'SECONDLY') return 1000;
      return headerOf(headers, 'x-hubspot-ratelimit-interval-milliseconds') ?? tenSecondsMs;
    },
  };
}

export type HubSpotPacer = ReturnType<typeof hubspotPacer>;

/** The policy a 429's body names; a body without one counts as the ten-second window. */
export function policyOf(body: unknown): HubSpotRatePolicy {
  const parsed = typeof body === 'string' ? safeJson(body) : body;
  const name = (parsed as { policyName?: unknown } | null)?.policyName;
  return name === 'DAILY' || name === 'SECONDLY' ? name : 'TEN_SECONDLY_ROLLING';
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
