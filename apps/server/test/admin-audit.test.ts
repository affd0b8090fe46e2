import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { type Client, publishedMember, signInAdmin } from './factories.ts';
import { createTestApp, type Engine, engines, type TestApp } from './helpers.ts';

/**
 * The audit log names whom an admin acted on as they were at the time (name and e-mail), keeps the reason
 * given, and is searched by the member's e-mail.
 */
describe.each(engines)('the audit log on %s', (engine: Engine) => {
  let t: TestApp;
  let admin: { client: Client; id: string };
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signInAdmin(t);
  });
  afterAll(() => t.close());

  it('names the member acted on with their name and e-mail at the time, with the reason, found by e-mail', async () => {
    const member = await publishedMember(t, 'company', admin, 'Audited Founder');
    const off = await admin.client.post(`/api/admin/profiles/${member.id}/deactivate`, {
      reason: 'Spam reports',
    });
    expect(off.statusCode, off.body).toBe(200);
    // The member's account changes afterwards: the entry still reads as it was.
    await t.database.db
      .update(users)
      .set({ email: 'renamed@example.com', name: 'Someone Else' })
      .where(eq(users.id, member.id));

    const found = await admin.client.get(
      `/api/admin/audit?search=${encodeURIComponent(member.email.toUpperCase())}`,
    );
    expect(found.statusCode, found.body).toBe(200);
    const entries = found.json().entries as {
      action: string;
      target: string;
      details: Record<string, unknown>;
    }[];
    expect(entries.map((e) => e.action)).toContain('profile.deactivate');
    expect(entries.find((e) => e.action === 'profile.deactivate')).toMatchObject({
      target: member.id,
      details: { reason: 'Spam reports', targetName: 'Audited Founder', targetEmail: member.email },
    });
    expect(
      (await admin.client.get('/api/admin/audit?search=nobody-like-this@example.com')).json().entries,
    ).toEqual([]);
  });
});
