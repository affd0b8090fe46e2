import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, signInAdmin, signUpMember } from './factories.ts';
import { createTestApp, type Engine, engines, type TestApp } from './helpers.ts';

/** The admin's mailbox is searched by recipient and by subject, literally and case-insensitively. */
describe.each(engines)('the admin mailbox search on %s', (engine: Engine) => {
  let t: TestApp;
  let admin: { client: Client; id: string };
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signInAdmin(t);
  });
  afterAll(() => t.close());

  const search = async (q: string) => {
    const response = await admin.client.get(`/api/admin/mailbox?q=${encodeURIComponent(q)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().messages as { to: string; subject: string }[];
  };

  it('finds a member’s mail by their address, and mail by words of its subject', async () => {
    const member = await signUpMember(t.app, 'expert', 'Mailbox Person');
    await t.app.worker.drain();
    const mine = await search(member.email.toUpperCase());
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((m) => m.to === member.email)).toBe(true);
    const subject = mine[0]!.subject;
    const bySubject = await search(subject.slice(0, 12).toLowerCase());
    expect(bySubject.some((m) => m.subject === subject)).toBe(true);
    expect(await search('%nothing-like-this%')).toEqual([]);
    expect((await admin.client.get(`/api/admin/mailbox?q=${'x'.repeat(201)}`)).statusCode).toBe(400);
  });
});
