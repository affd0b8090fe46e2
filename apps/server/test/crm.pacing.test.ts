import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hubspotGateway } from '../src/modules/crm/hubspot.gateway.ts';
import { type HubSpotPacer, hubspotPacer, untilDailyReset } from '../src/modules/crm/hubspot-pace.ts';
import { RetryLaterError } from '../src/outbox/outbox.ts';
import { hubspotEnv, hubspotSettingsOf } from './crm.support.ts';
import { type HubSpotStub, startHubSpotStub } from './hubspot-stub.ts';

/**
 * The gateway within HubSpot's limits by design: its pacer keeps a rolling ten-second window under the plan's
 * limit, stops for the day when HubSpot says the day is used up, and tells a daily 429 from a ten-second one.
 * The stub enforces HubSpot's limits on the same virtual clock as the pacer: waiting moves the clock, nothing
 * sleeps.
 */

let clock = 0;
const virtual = {
  now: () => clock,
  sleep: async (ms: number) => {
    clock += ms;
  },
};

let stub: HubSpotStub;
beforeAll(async () => {
  stub = await startHubSpotStub({ now: () => clock });
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.reset();
  stub.limit(null);
  clock = Date.UTC(2026, 11, 6, 12);
});

const settings = () => hubspotSettingsOf(hubspotEnv(stub));

function gatewayWith(pacer: HubSpotPacer) {
  const policies: string[] = [];
  const gateway = hubspotGateway(settings(), {
    pacer,
    quickRetryDelaysMs: [],
    onRateLimited: (policy) => policies.push(policy),
  });
  return { gateway, policies };
}

async function retryLaterOf(call: Promise<unknown>): Promise<RetryLaterError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof RetryLaterError)) throw new Error(`expected RetryLaterError, got ${String(error)}`);
  return error;
}

describe('the pacer', () => {
  it('lets 90 % of the limit through at once, then one more as each leaves the rolling window', async () => {
    const pacer = hubspotPacer({ limit: 10, clock: virtual });
    const start = clock;
    const times: number[] = [];
    for (let i = 0; i < 12; i++) {
      await pacer.take();
      times.push(clock - start);
    }
    expect(pacer.allowed).toBe(9);
    expect(times.slice(0, 9)).toEqual(Array(9).fill(0));
    expect(times.slice(9)).toEqual([10_000, 10_000, 10_000]);
  });

  it('knows when HubSpot’s day resets: midnight in the portal’s time zone, else a probe an hour', () => {
    // 12:00 UTC is 05:00 in Denver (MST, UTC−7): 19 hours to its midnight.
    expect(untilDailyReset(Date.UTC(2026, 11, 6, 12), 'America/Denver')).toBe(19 * 3_600_000);
    expect(untilDailyReset(Date.UTC(2026, 11, 6, 23, 30), 'UTC')).toBe(30 * 60_000);
    expect(untilDailyReset(Date.UTC(2026, 11, 6, 12))).toBe(3_600_000);
  });
});

describe('the gateway against a stub enforcing HubSpot’s limits', () => {
  it('sends 40 calls under a limit of 10 per ten seconds with no 429, waiting the window', async () => {
    stub.limit({ tenSecondly: 10 });
    const { gateway, policies } = gatewayWith(hubspotPacer({ limit: 10, clock: virtual }));
    const start = clock;
    for (let i = 0; i < 40; i++) expect(await gateway.findContactId(`m-${i}`)).toBeNull();
    expect(stub.stats().rateLimited.TEN_SECONDLY_ROLLING).toBe(0);
    expect(policies).toEqual([]);
    // 9 per window: the 40th call goes out in the fifth window.
    expect(clock - start).toBe(40_000);
  });

  it('stops for the day when an answer says the day is used up, without sending the next call', async () => {
    stub.limit({ tenSecondly: 100, daily: 3 });
    const { gateway, policies } = gatewayWith(hubspotPacer({ limit: 100, clock: virtual }));
    for (let i = 0; i < 3; i++) await gateway.findContactId(`m-${i}`);
    const later = await retryLaterOf(gateway.findContactId('m-4'));
    expect(later.retryAfterMs).toBe(3_600_000);
    expect(stub.stats().requests).toBe(3);
    expect(policies).toEqual([]);
  });

  it('a DAILY 429 pauses every call until the portal’s midnight, and is counted as DAILY', async () => {
    stub.fail({ rate: 1, status: 429, policy: 'DAILY', retryAfterSeconds: null });
    const pacer = hubspotPacer({ limit: 100, clock: virtual, timeZone: 'America/Denver' });
    const { gateway, policies } = gatewayWith(pacer);
    const first = await retryLaterOf(gateway.findContactId('m-1'));
    expect(first.retryAfterMs).toBe(19 * 3_600_000);
    expect(first.message).toContain('DAILY');
    stub.up();
    clock += 3_600_000;
    const second = await retryLaterOf(gateway.findDealByKey('k-1'));
    expect(second.retryAfterMs).toBe(18 * 3_600_000);
    expect(stub.stats().requests).toBe(1);
    expect(policies).toEqual(['DAILY']);
  });

  it('a ten-second 429 waits Retry-After when given, else the window HubSpot names, else 10 s', async () => {
    // The stub's limit is lower than the pacer believes: HubSpot answers the 429s.
    stub.limit({ tenSecondly: 1, intervalMs: 7000 });
    let { gateway, policies } = gatewayWith(hubspotPacer({ limit: 100, clock: virtual }));
    await gateway.findContactId('m-1');
    expect((await retryLaterOf(gateway.findContactId('m-2'))).retryAfterMs).toBe(7000);

    stub.limit({ tenSecondly: 1, retryAfterSeconds: 4 });
    ({ gateway, policies } = gatewayWith(hubspotPacer({ limit: 100, clock: virtual })));
    await gateway.findContactId('m-1');
    expect((await retryLaterOf(gateway.findContactId('m-2'))).retryAfterMs).toBe(4000);

    stub.limit(null);
    stub.fail({ rate: 1, status: 429, retryAfterSeconds: null });
    ({ gateway, policies } = gatewayWith(hubspotPacer({ limit: 100, clock: virtual })));
    expect((await retryLaterOf(gateway.findContactId('m-3'))).retryAfterMs).toBe(10_000);
    expect(policies).toEqual(['TEN_SECONDLY_ROLLING']);
  });
});
