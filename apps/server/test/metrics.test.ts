import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox } from '../src/db/schema.ts';
import { enqueue } from '../src/outbox/outbox.ts';
import { createTestApp, type Engine, engines, ORIGIN, signUp } from './helpers.ts';
import { useTestApp } from './suite.ts';

/** Every series the metrics promise, besides the process's own. */
const series = [
  'intergen_http_requests_total',
  'intergen_http_request_duration_seconds',
  'intergen_http_server_errors_total',
  'intergen_db_query_duration_seconds',
  'intergen_db_pool_connections',
  'intergen_db_pool_idle_connections',
  'intergen_db_pool_waiting_requests',
  'intergen_outbox_pending_rows',
  'intergen_outbox_lag_seconds',
  'intergen_outbox_dead_rows',
  'intergen_live_streams_open',
  'intergen_mail_sent_total',
  'intergen_mail_failed_total',
  'intergen_crm_deliveries_total',
  'intergen_crm_rate_limited_total',
];

/** The value of the sample `name{labels}` in a scrape, or undefined when it has none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/([a-z_]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

const TOKEN = 'a-scraper-token-of-some-length';

describe.each(engines)('metrics on %s', (engine: Engine) => {
  const t = useTestApp(engine);

  it('answer in Prometheus text format, naming every series with samples after a request, a mail and a job', async () => {
    const member = await signUp(t.app);
    // A dead row of a topic of its own, and one of a topic no worker knows (it keeps waiting).
    await t.database.db.transaction(async (tx) => {
      await enqueue(tx, [
        { topic: 'metrics.parked', payload: {}, idempotencyKey: 'metrics-dead' },
        { topic: 'metrics.waiting', payload: {}, idempotencyKey: 'metrics-due' },
      ]);
    });
    await t.database.db
      .update(outbox)
      .set({ status: 'dead' })
      .where(eq(outbox.idempotencyKey, 'metrics-dead'));
    // The member's CRM contact, as a profile change queues it.
    await t.database.db.transaction((tx) =>
      enqueue(tx, { topic: 'crm.contact', payload: { memberId: member.user.id } }),
    );
    // The verification mail and the CRM's contact go out through the outbox.
    await t.deliverMail();
    // The row no worker can run was tried and put off; it is due again, and has waited a minute and a half.
    await t.database.query(
      `UPDATE outbox SET run_at = now() - interval '90 seconds' WHERE idempotency_key = 'metrics-due'`,
    );
    const profile = await member.client.get(`/api/profiles/${member.user.id}`);
    expect(profile.statusCode).toBeLessThan(500);
    await t.app.inject({ method: 'GET', url: '/api/no/such/page/42', headers: ORIGIN });

    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    for (const name of series) expect(text, name).toMatch(new RegExp(`^# TYPE ${name} `, 'm'));
    expect(text).toMatch(/^# TYPE process_cpu_user_seconds_total counter/m);

    // Route labels are the patterns, never the ids or stray paths a URL holds.
    expect(
      sample(text, 'intergen_http_requests_total', {
        method: 'GET',
        route: '/api/profiles/:id',
        status_code: String(profile.statusCode),
      }),
    ).toBe(1);
    expect(sample(text, 'intergen_http_requests_total', { method: 'POST', route: '/api/auth/sign-up' })).toBe(
      1,
    );
    expect(sample(text, 'intergen_http_requests_total', { route: 'unmatched', status_code: '404' })).toBe(1);
    expect(text).not.toContain(member.user.id);
    expect(text).not.toContain('/api/no/such/page');
    expect(
      sample(text, 'intergen_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/profiles/:id',
      }),
    ).toBe(1);

    expect(sample(text, 'intergen_db_query_duration_seconds_count')).toBeGreaterThan(0);
    if (engine === 'postgres') {
      expect(sample(text, 'intergen_db_pool_connections')).toBeGreaterThan(0);
      expect(sample(text, 'intergen_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'intergen_db_pool_waiting_requests')).toBe(0);
    }

    expect(sample(text, 'intergen_mail_sent_total')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'intergen_mail_failed_total')).toBe(0);
    expect(sample(text, 'intergen_crm_deliveries_total', { outcome: 'delivered' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'intergen_crm_rate_limited_total')).toBe(0);
    expect(sample(text, 'intergen_live_streams_open')).toBe(0);

    expect(sample(text, 'intergen_outbox_dead_rows', { topic: 'metrics.parked' })).toBe(1);
    expect(sample(text, 'intergen_outbox_pending_rows', { topic: 'metrics.waiting' })).toBe(1);
    expect(sample(text, 'intergen_outbox_lag_seconds', { topic: 'metrics.waiting' })).toBeGreaterThanOrEqual(
      90,
    );
    // The worker's topics are listed with nothing waiting: the mail went out.
    expect(sample(text, 'intergen_outbox_pending_rows', { topic: 'mail.send' })).toBe(0);
    expect(sample(text, 'intergen_outbox_lag_seconds', { topic: 'mail.send' })).toBe(0);
  });

  it('count a 5xx under its route', async () => {
    // A route that fails: the readiness check's database query, made to throw once.
    const query = t.database.query;
    t.database.query = async () => {
      throw new Error('the database is away');
    };
    const errorsBefore = sample(
      (await t.app.inject({ method: 'GET', url: '/metrics' })).body,
      'intergen_http_server_errors_total',
      { method: 'GET', route: '/api/ready' },
    );
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(503);
    } finally {
      t.database.query = query;
    }
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(errorsBefore).toBeUndefined();
    expect(sample(text, 'intergen_http_server_errors_total', { method: 'GET', route: '/api/ready' })).toBe(1);
    expect(
      sample(text, 'intergen_http_requests_total', {
        method: 'GET',
        route: '/api/ready',
        status_code: '503',
      }),
    ).toBe(1);
  });
});

describe.each(engines)('metrics outside development on %s', (engine: Engine) => {
  it('are off without METRICS_TOKEN: 404 in the error shape, not the web app', async () => {
    const t = await createTestApp(engine, { APP_ENV: 'production' });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    } finally {
      await t.close();
    }
  });

  it('ask for the bearer token when one is set: none or a wrong one is 401, the right one 200', async () => {
    const t = await createTestApp(engine, { APP_ENV: 'production', METRICS_TOKEN: TOKEN });
    try {
      const none = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(none.statusCode).toBe(401);
      expect(none.json().error.code).toBe('UNAUTHENTICATED');
      expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
      for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN, 'Basic abc']) {
        const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization } });
        expect(wrong.statusCode, authorization).toBe(401);
        expect(wrong.body).not.toContain('intergen_');
      }
      const right = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(right.statusCode).toBe(200);
      expect(right.body).toMatch(/^# TYPE intergen_http_requests_total counter/m);
    } finally {
      await t.close();
    }
  });
});
