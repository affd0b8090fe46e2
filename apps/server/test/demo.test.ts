import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { demoTexts } from '@intergen/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { buildDemoCommunity, type DemoLinks, demoRefusal } from '../src/demo/community.ts';
import { setPasswordHashCost } from '../src/lib/crypto.ts';
import { APP_URL, client, engines, freshDatabase, signUp, testConfig, tokenOf } from './helpers.ts';
import { runScript, shellEnv } from './processes.ts';

/** The counts of every table the demo fills, to see that a refused run changed nothing. */
const countedTables = [
  'users',
  'experts',
  'companies',
  'match_suggestions',
  'connection_requests',
  'network_requests',
  'notifications',
  'tracking_events',
  'domain_events',
  'crm_deals',
  'crm_deal_stages',
  'outbox',
  'mailbox',
  'settings',
  'audit_log',
];

async function tableCounts(database: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of countedTables) {
    const [row] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    counts[table] = row!.n;
  }
  return counts;
}

const countBy = async (database: Database, sql: string) =>
  Object.fromEntries(
    (await database.query<{ k: string; n: number }>(sql)).map((r) => [r.k, r.n] as const),
  ) as Record<string, number>;

/** Follows a printed link as the login page does (its token, POSTed) and answers the session it opened. */
async function signInWith(app: App, url: string) {
  expect(url.startsWith(`${APP_URL}/login-options?token=`), url).toBe(true);
  const browser = client(app);
  const consumed = await browser.post('/api/auth/one-time-link/consume', { token: tokenOf(url) });
  expect(consumed.statusCode, consumed.body).toBe(200);
  const session = await browser.get('/api/auth/session');
  expect(session.statusCode).toBe(200);
  return { browser, user: session.json().user as { email: string; kind: string | null; isAdmin: boolean } };
}

/** Everything the demo promises, read from the database it filled and through the app's HTTP API. */
async function expectDemoCommunity(app: App, database: Database, links: DemoLinks) {
  const members = await countBy(
    database,
    `SELECT kind AS k, count(*)::int AS n FROM users WHERE kind IS NOT NULL GROUP BY kind`,
  );
  expect(members).toEqual({ expert: 60, company: 40 });
  const experts = await countBy(
    database,
    `SELECT CASE WHEN profile_published THEN 'published' WHEN profile_pending THEN 'pending' ELSE 'draft' END AS k,
       count(*)::int AS n FROM experts GROUP BY 1`,
  );
  expect(experts).toEqual({ published: 54, pending: 4, draft: 2 });
  // Every expert and company shows a default avatar the app offers (or none yet, a draft).
  const pictures = await database.query<{ url: string }>(
    `SELECT profile_image->>'url' AS url FROM experts WHERE profile_complete UNION ALL
     SELECT profile_image->>'url' FROM companies WHERE profile_complete`,
  );
  expect(pictures.length).toBe(97);
  for (const { url } of pictures) expect(url).toMatch(/^\/avatars\/(expert|company)-[1-4]\.svg$/);

  // Suggestions: the matcher's strong ones and the admin's.
  const suggestions = await countBy(
    database,
    `SELECT CASE WHEN created_by = 'matcher' THEN 'matcher' ELSE 'admin' END AS k, count(*)::int AS n
       FROM match_suggestions GROUP BY 1`,
  );
  expect(suggestions.matcher).toBeGreaterThan(50);
  expect(suggestions.admin).toBeGreaterThan(10);

  // Connection requests in every state (a cancelled one is deleted: its lost deal says so).
  const requests = await countBy(
    database,
    `SELECT CASE WHEN is_pending THEN 'held' WHEN not_interested THEN 'denied' WHEN dismissed THEN 'dismissed'
       WHEN closed THEN 'closed' WHEN accepted THEN 'accepted' ELSE 'open' END AS k, count(*)::int AS n
       FROM connection_requests GROUP BY 1`,
  );
  expect(requests).toEqual({ open: 8, held: 4, accepted: 26, closed: 14, denied: 5, dismissed: 4 });
  const reviewed = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM connection_requests WHERE expert_rating IS NOT NULL OR venture_rating IS NOT NULL`,
  );
  expect(reviewed[0]!.n).toBe(30);
  // Members past the five reviews at which ratings show.
  const rated = await database.query<{ kind: string; n: number }>(
    `SELECT 'expert' AS kind, count(*)::int AS n FROM experts WHERE number_of_ratings >= 5 UNION ALL
     SELECT 'company', count(*)::int FROM companies WHERE number_of_ratings >= 5`,
  );
  expect(rated).toEqual([
    { kind: 'expert', n: 3 },
    { kind: 'company', n: 2 },
  ]);

  // My Network ties.
  const ties = await countBy(
    database,
    `SELECT status AS k, count(*)::int AS n FROM network_requests GROUP BY 1`,
  );
  expect(ties).toEqual({ connected: 8, requesting: 3, declined: 2, cancelled: 2 });

  // The built-in CRM: deals in every stage with their history, from the drained outbox.
  const deals = await countBy(database, `SELECT stage AS k, count(*)::int AS n FROM crm_deals GROUP BY 1`);
  for (const stage of [
    'Connection Requested',
    'Connection Pending',
    'Connection Complete',
    'Connection Closed',
    'Survey Sent',
    'Connection Abandoned',
    'IBA initiates connect',
    'IBA accepts',
    'IBA rejects',
  ]) {
    expect(deals[stage], stage).toBeGreaterThan(0);
  }
  const lost = await countBy(
    database,
    `SELECT lost_reason AS k, count(*)::int AS n FROM crm_deals WHERE lost_reason IS NOT NULL GROUP BY 1`,
  );
  expect(Object.keys(lost).sort()).toEqual([
    'expert_cancelled_request_to_venture',
    'expert_declined_request_from_venture',
    'expert_declined_venture_recommendation',
    'initiator_cancelled_request',
    'recipient_declined_request',
    'venture_cancelled_request_to_expert',
    'venture_declined_expert_recommendation',
    'venture_declined_request_from_expert',
  ]);
  const history = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM crm_deals d WHERE (SELECT count(*) FROM crm_deal_stages s WHERE s.deal_id = d.id) >= 3`,
  );
  expect(history[0]!.n).toBeGreaterThan(20);
  const waiting = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM outbox WHERE status <> 'done'`,
  );
  expect(waiting[0]!.n).toBe(0);

  const notifications = await countBy(
    database,
    `SELECT kind AS k, count(*)::int AS n FROM notifications GROUP BY 1`,
  );
  for (const kind of [
    'suggestion',
    'request_received',
    'request_accepted',
    'profile_approved',
    'network_request',
  ])
    expect(notifications[kind], kind).toBeGreaterThan(0);

  // Dated as it happened over the twelve weeks, not on the day the demo ran: publish dates, suggestions,
  // notifications and the CRM deals' history each span most of them.
  const weeksOf = async (sql: string) =>
    (
      await database.query<{ n: number }>(
        `SELECT count(DISTINCT date_trunc('week', at))::int AS n FROM (${sql}) t`,
      )
    )[0]!.n;
  expect(
    await weeksOf(`SELECT publish_date AS at FROM experts WHERE publish_date IS NOT NULL`),
  ).toBeGreaterThanOrEqual(9);
  expect(await weeksOf(`SELECT created_at AS at FROM match_suggestions`)).toBeGreaterThanOrEqual(8);
  expect(await weeksOf(`SELECT created_at AS at FROM notifications`)).toBeGreaterThanOrEqual(8);
  expect(await weeksOf(`SELECT created_at AS at FROM crm_deal_stages`)).toBeGreaterThanOrEqual(8);

  // The community tab is on, and every page is told this is a demo.
  const config = await app.inject({ method: 'GET', url: '/api/config' });
  expect(config.json()).toMatchObject({ communityTab: true, demo: true });

  // Every printed link signs in, as whom it says.
  const expert = await signInWith(app, links.expert.url);
  expect(expert.user).toMatchObject({ kind: 'expert', isAdmin: false });
  const company = await signInWith(app, links.company.url);
  expect(company.user).toMatchObject({ kind: 'company', isAdmin: false });
  const admin = await signInWith(app, links.admin.url);
  expect(admin.user).toMatchObject({ email: 'admin@localhost', isAdmin: true });
  const dashboard = await expert.browser.get('/api/connections');
  expect(dashboard.json().received.length).toBeGreaterThan(0);

  // Twelve weeks of analytics: sign-ups in ten of them, browsing in most, lost deals counted.
  const analytics = (await admin.browser.get('/api/admin/analytics')).json() as {
    funnel: { weeks: { week: string; signedUp: number }[] };
    tracking: { weeks: { counts: Record<string, number> }[] };
    lostReasons: { count: number }[];
  };
  const signUpWeeks = new Set(analytics.funnel.weeks.filter((w) => w.signedUp > 0).map((w) => w.week));
  expect(signUpWeeks.size).toBeGreaterThanOrEqual(10);
  const trackedWeeks = analytics.tracking.weeks.filter((w) => Object.values(w.counts).some((n) => n > 0));
  expect(trackedWeeks.length).toBeGreaterThanOrEqual(9);
  expect(analytics.lostReasons.filter((r) => r.count > 0).length).toBeGreaterThanOrEqual(8);
}

const LINK = /(http\S+\/login-options\?token=[A-Za-z0-9_-]+)/g;

// The demo builds a community of a hundred members through the API: tens of seconds on a loaded two-core machine.
describe('npm run demo', { timeout: 600_000 }, () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('fills an empty embedded database, prints links that sign in, and refuses a second run changing nothing', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'intergen-demo-'));
    dirs.push(dataDir);
    const env = shellEnv(dataDir, { APP_URL });
    const run = await runScript('apps/server/src/demo-cli.ts', [], env);
    expect(run.code, run.stderr).toBe(0);
    const printed = [...run.stdout.matchAll(LINK)].map((m) => m[1]!);
    expect(printed).toHaveLength(3);
    const [expertUrl, companyUrl, adminUrl] = printed as [string, string, string];
    expect(run.stdout).toContain(demoTexts.cli.expertTry);
    expect(run.stdout).toContain(demoTexts.cli.adminTry);

    const open = () => openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db'), thread: true });
    let database = await open();
    const before = await tableCounts(database);
    await database.close();

    const again = await runScript('apps/server/src/demo-cli.ts', [], env);
    expect(again.code).toBe(4);
    expect(again.stderr).toContain(demoTexts.cli.refusedDemo);

    database = await open();
    try {
      expect(await tableCounts(database)).toEqual(before);
      setPasswordHashCost('fast');
      const app = await buildApp({ config: testConfig(), database, logger: false, printMail: () => {} });
      try {
        await app.ready();
        await expectDemoCommunity(app, database, {
          expert: { name: '', url: expertUrl },
          company: { name: '', url: companyUrl },
          admin: { email: 'admin@localhost', url: adminUrl },
        });
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  });

  for (const engine of engines.filter((e) => e === 'postgres')) {
    it(`builds the same community on ${engine}`, async () => {
      setPasswordHashCost('fast');
      const database = await freshDatabase(engine);
      try {
        const { links } = await buildDemoCommunity({ config: testConfig(), database, log: () => {} });
        const app = await buildApp({ config: testConfig(), database, logger: false, printMail: () => {} });
        try {
          await app.ready();
          await expectDemoCommunity(app, database, links);
        } finally {
          await app.close();
        }
      } finally {
        await database.close();
      }
    });
  }

  for (const engine of engines) {
    it(`refuses a database with real members on ${engine}, and an admin alone is no member`, async () => {
      setPasswordHashCost('fast');
      const database = await freshDatabase(engine);
      const app = await buildApp({ config: testConfig(), database, logger: false, printMail: () => {} });
      try {
        await app.ready();
        await app.services.auth.createAdmin('admin@localhost');
        expect(await demoRefusal(database.db)).toBeNull();
        await signUp(app, { name: 'Real Person', profileType: 'company' });
        expect(await demoRefusal(database.db)).toEqual({
          reason: 'members',
          message: demoTexts.cli.refusedMembers(1),
        });
      } finally {
        await app.close();
        await database.close();
      }
    });
  }
});
