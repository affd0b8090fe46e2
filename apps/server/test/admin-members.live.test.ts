import { describe, expect, it } from 'vitest';
import { member } from './connections.support.ts';
import { signInAdmin, signUpMember } from './factories.ts';
import { type Engine, engines } from './helpers.ts';
import { type Stream, useListeningApp } from './live.support.ts';

const HOUR = 60 * 60 * 1000;
const membersChanges = (stream: Stream) => stream.changes().filter((c) => c.includes('adminMembers')).length;

describe.each(engines)('the admins’ live Members console on %s', (engine: Engine) => {
  const live = useListeningApp(engine, HOUR);
  const { t } = live;

  it('tells an admin’s stream, and no member’s, when a member signs up, pauses, is deactivated and is deleted', async () => {
    const admin = await signInAdmin(t);
    const expert = await member(t, 'expert');
    const other = await member(t, 'company');
    const adminTab = await live.open(admin);
    const memberTab = await live.open(expert);
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
