import { adminLiveTopics, type LiveTopic } from '@intergen/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { publishLive } from '../src/modules/live/live.ts';
import { member, pair, sent } from './connections.support.ts';
import { signInAdmin } from './factories.ts';
import { type Engine, engines, freshDatabase } from './helpers.ts';
import {
  asTestApp,
  closeListening,
  isChange,
  listeningApp,
  openedStream,
  type Stream,
  sessionTokenOf,
  useListeningApp,
} from './live.support.ts';

const HOUR = 60 * 60 * 1000;
const adminTopics: readonly LiveTopic[] = adminLiveTopics;
const hearsAdminTopics = (stream: Stream) =>
  stream.changes().some((c) => c.some((x) => adminTopics.includes(x)));

describe.each(engines)('admins’ live read views on %s', (engine: Engine) => {
  const live = useListeningApp(engine, HOUR);
  const { t } = live;

  it('tells an admin’s open stream that requests changed when a member sends one, and no member', async () => {
    const admin = await signInAdmin(t);
    const p = await pair(t);
    const bystander = await member(t, 'expert', { name: 'Bystander Expert' });
    const adminTab = await live.open(admin);
    const recipientTab = await live.open(p.expert);
    const bystanderTab = await live.open(bystander);

    await sent(p.company, p.suggestionId, 'Hello');
    await adminTab.waitFor((b) => b.event === 'change' && (b.data ?? '').includes('adminRequests'));
    expect(adminTab.changes()).toEqual([['adminRequests', 'adminSuggestions']]);
    // The recipient hears of their own request, without the admins' topics.
    await recipientTab.waitFor(isChange(['connections', 'suggestions', 'notifications']));
    // A later change for the bystander is the first and only one their stream sees.
    await publishLive(live.database.db, [bystander.id], ['profile']);
    await bystanderTab.waitFor(isChange(['profile']));
    expect(bystanderTab.changes()).toEqual([['profile']]);
    expect(hearsAdminTopics(recipientTab)).toBe(false);

    // An answer reaches the admin too.
    const accepted = await p.expert.client.post(`/api/connections/${p.suggestionId}/accept`, {});
    expect(accepted.statusCode).toBe(200);
    await adminTab.waitFor(() => adminTab.changes().length === 2);
    expect(adminTab.changes()[1]).toEqual(['adminRequests']);
    for (const tab of [adminTab, recipientTab, bystanderTab]) tab.close();
  });

  it('tells admins once when a suggestion is made, with the scores', async () => {
    const admin = await signInAdmin(t);
    const expert = await member(t, 'expert');
    const company = await member(t, 'company');
    const adminTab = await live.open(admin);
    const made = await admin.client.post('/api/admin/suggestions', {
      expertId: expert.id,
      companyId: company.id,
    });
    expect(made.statusCode).toBe(201);
    await adminTab.waitFor(isChange(['adminSuggestions', 'adminScores']));
    adminTab.close();
  });
});

// Two app instances need a database server both reach: PostgreSQL only.
for (const engine of engines.filter((e) => e === 'postgres')) {
  describe(`admins’ live read views across app instances on ${engine}`, () => {
    let first: Database;
    let second: Database;
    let one: { app: App; base: string };
    let two: { app: App; base: string };

    beforeAll(async () => {
      first = await freshDatabase(engine);
      const [row] = await first.query<{ name: string }>('SELECT current_database() AS name');
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${row!.name}`;
      second = await openDatabase({ kind: 'postgres', url: url.toString() });
      one = await listeningApp(first, HOUR);
      two = await listeningApp(second, HOUR);
    });
    afterAll(async () => {
      await one.app.worker.drain();
      await two.app.worker.drain();
      await closeListening(two.app);
      await closeListening(one.app);
      await second.close();
      await first.close();
    });

    it('a request sent through one instance reaches an admin’s stream on the other', async () => {
      const t = asTestApp(one.app, first);
      const admin = await signInAdmin(t);
      const p = await pair(t);
      const adminTab = await openedStream(two.base, sessionTokenOf(admin));
      await sent(p.expert, p.suggestionId);
      await adminTab.waitFor(isChange(['adminRequests', 'adminSuggestions']));
      adminTab.close();
    });
  });
}
