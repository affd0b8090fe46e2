import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { member } from './connections.support.ts';
import { signInAdmin, signUpMember } from './factories.ts';
import { type Engine, engines, freshDatabase, type TestApp } from './helpers.ts';
import { asTestApp, closeListening, listeningApp, openStream, type Stream } from './live.support.ts';

const HOUR = 60 * 60 * 1000;
const tokenOf = (m: { client: { cookies: Map<string, string> } }) =>
  m.client.cookies.get('intergen_session')!;
const membersChanges = (stream: Stream) => stream.changes().filter((c) => c.includes('adminMembers')).length;

async function opened(base: string, token: string) {
  const stream = await openStream(base, token);
  expect(stream.status).toBe(200);
  await stream.waitFor((b) => b.retry !== undefined);
  return stream;
}

describe.each(engines)('the admins’ live Members console on %s', (engine: Engine) => {
  let database: Database;
  let app: App;
  let base: string;
  let t: TestApp;

  beforeAll(async () => {
    database = await freshDatabase(engine);
    ({ app, base } = await listeningApp(database, HOUR));
    t = asTestApp(app, database);
  });
  afterAll(async () => {
    await app.worker.drain();
    await closeListening(app);
    await database.close();
  });

  it('tells an admin’s stream, and no member’s, when a member signs up, pauses, is deactivated and is deleted', async () => {
    const admin = await signInAdmin(t);
    const expert = await member(t, 'expert');
    const other = await member(t, 'company');
    const adminTab = await opened(base, tokenOf(admin));
    const memberTab = await opened(base, tokenOf(expert));
    // Each change, made once the stream is open, reaches it as at least one more `adminMembers` change.
    const heard = async (change: () => Promise<void>) => {
      const before = membersChanges(adminTab);
      await change();
      await adminTab.waitFor(() => membersChanges(adminTab) > before);
    };

    await heard(async () => {
      await signUpMember(t.app, 'company', 'New Company');
    });
    await heard(async () => {
      const paused = await expert.client.post('/api/profiles/me/pause', { reason: 'noTime' });
      expect(paused.statusCode, paused.body).toBe(200);
    });
    await heard(async () => {
      const off = await admin.client.post(`/api/admin/profiles/${other.id}/deactivate`, { reason: 'Spam' });
      expect(off.statusCode, off.body).toBe(200);
    });
    await heard(async () => {
      const deleted = await admin.client.post(`/api/admin/members/${other.id}/delete`, {
        confirmation: other.email,
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
    });
    expect(memberTab.changes().some((c) => c.includes('adminMembers'))).toBe(false);
    adminTab.close();
    memberTab.close();
  });
});
