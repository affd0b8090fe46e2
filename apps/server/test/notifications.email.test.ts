import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { connectionRequests, mailbox, notifications, outbox } from '../src/db/schema.ts';
import { createNotification } from '../src/modules/notifications/notifications.repository.ts';
import { notificationEmailTopic } from '../src/modules/notifications/notifications.topics.ts';
import { enqueue } from '../src/outbox/outbox.ts';
import { type Member, publishedMember } from './factories.ts';
import { APP_URL, type Engine, engines } from './helpers.ts';
import { useAdmin, useTestApp } from './suite.ts';

const APPROVED = 'Your InterGen profile is published';
const SUGGESTED = 'You have a new match suggestion on InterGen';

describe.each(engines)('notification e-mails on %s', (engine: Engine) => {
  const t = useTestApp(engine);
  const admin = useAdmin(t);

  const notificationRow = async (id: string) =>
    (await t.database.db.select().from(notifications).where(eq(notifications.id, id)))[0];

  async function suggest(expert: Member, company: Member): Promise<string> {
    const created = await admin.client.post('/api/admin/suggestions', {
      expertId: expert.id,
      companyId: company.id,
    });
    expect(created.statusCode).toBe(201);
    return created.json().suggestionId;
  }

  /** A connection request from the company to the expert, as the connections module stores it. */
  async function request(expert: Member, company: Member, message: string): Promise<string> {
    const id = await suggest(expert, company);
    await t.database.db
      .insert(connectionRequests)
      .values({ id, expertId: expert.id, companyId: company.id, requestedBy: 'venture', message });
    return id;
  }

  it('sends exactly one approval e-mail, with the profile_approved notification', async () => {
    const expert = await publishedMember(t, 'expert', admin, 'Grace Hopper');
    const mails = (await t.mailTo(expert.email)).filter((m) => m.subject === APPROVED);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`${APP_URL}/dashboard`);
    expect(mails[0]?.text).toContain('Hi Grace');
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, expert.id), eq(notifications.kind, 'profile_approved')));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.emailSent).toBe(true);
  });

  it('mails the expert about a new suggestion, naming the company, and records that it was sent', async () => {
    const expert = await publishedMember(t, 'expert', admin, 'Katherine Johnson');
    const company = await publishedMember(t, 'company', admin, 'Mary Jackson');
    const suggestionId = await suggest(expert, company);
    const [mail] = (await t.mailTo(expert.email)).filter((m) => m.subject === SUGGESTED);
    expect(mail?.text).toContain('Hi Katherine');
    expect(mail?.text).toContain('Mary Jackson (Acme Robotics)');
    expect(mail?.text).toContain(`${APP_URL}/dashboard`);
    // The company is not notified of a suggestion, so gets no such e-mail.
    expect((await t.mailTo(company.email)).filter((m) => m.subject === SUGGESTED)).toEqual([]);
    const [row] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.suggestionId, suggestionId));
    expect(row?.emailSent).toBe(true);
  });

  it('mails a received request with the requester’s name and message, and an accepted one', async () => {
    const expert = await publishedMember(t, 'expert', admin, 'Dorothy Vaughan');
    const company = await publishedMember(t, 'company', admin, 'Annie Easley');
    const requestId = await request(expert, company, 'We sell robots.\nCan you help us grow?');
    await createNotification(t.database.db, {
      userId: expert.id,
      kind: 'request_received',
      requestId,
      counterpartId: company.id,
      message: 'We sell robots.\nCan you help us grow?',
    });
    const [received] = (await t.mailTo(expert.email)).filter((m) => m.subject.includes('connection request'));
    expect(received?.subject).toBe('Annie Easley (Acme Robotics) sent you a connection request on InterGen');
    expect(received?.text).toContain('    We sell robots.\n    Can you help us grow?');
    expect(received?.text).toContain(`${APP_URL}/dashboard`);

    await createNotification(t.database.db, {
      userId: company.id,
      kind: 'request_accepted',
      requestId,
      counterpartId: expert.id,
    });
    const [accepted] = (await t.mailTo(company.email)).filter((m) => m.subject.includes('accepted'));
    expect(accepted?.subject).toBe('Dorothy Vaughan accepted your connection request on InterGen');
    // The link opens the new connection's profile (contact details now shown) over the dashboard.
    expect(accepted?.text).toContain(`${APP_URL}/dashboard/${expert.id}`);
  });

  it('never sends a second e-mail for one notification, whatever is retried', async () => {
    const expert = await publishedMember(t, 'expert', admin, 'Hedy Lamarr');
    const company = await publishedMember(t, 'company', admin, 'Radia Perlman');
    await suggest(expert, company);
    await t.deliverMail();
    const [row] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, expert.id), eq(notifications.kind, 'suggestion')));
    const notificationId = row!.id;
    // The same job delivered again (at least once), and the service asked directly.
    await enqueue(
      t.database.db,
      notificationEmailTopic.message(
        { notificationId },
        { idempotencyKey: `${notificationEmailTopic.name}:${notificationId}:again` },
      ),
    );
    await t.deliverMail();
    expect(await t.app.services.notifications.sendEmail(notificationId)).toBe('already-sent');
    const mails = (await t.mailTo(expert.email)).filter((m) => m.subject === SUGGESTED);
    expect(mails).toHaveLength(1);
    const stored = await t.database.db
      .select()
      .from(mailbox)
      .where(eq(mailbox.id, `mail:notification:${notificationId}`));
    expect(stored).toHaveLength(1);
  });

  it('keeps the record but sends nothing to a paused member', async () => {
    const expert = await publishedMember(t, 'expert', admin, 'Frances Allen');
    const company = await publishedMember(t, 'company', admin, 'Jean Sammet');
    const requestId = await request(expert, company, '');
    const paused = await expert.client.post('/api/profiles/me/pause', { reason: 'noTime' });
    expect(paused.statusCode).toBe(200);
    const id = await createNotification(t.database.db, {
      userId: expert.id,
      kind: 'request_received',
      requestId,
    });
    expect((await t.mailTo(expert.email)).filter((m) => m.subject.includes('connection request'))).toEqual(
      [],
    );
    expect(await notificationRow(id)).toMatchObject({ emailSent: false, hasSeen: false });
  });

  it('sends nothing to a deactivated or disabled member', async () => {
    const expert = await publishedMember(t, 'expert', admin, 'Barbara Liskov');
    const company = await publishedMember(t, 'company', admin, 'Adele Goldberg');
    const requestId = await request(expert, company, '');
    const deactivated = await admin.client.post(`/api/admin/profiles/${company.id}/deactivate`, {
      reason: 'Testing',
    });
    expect(deactivated.statusCode).toBe(200);
    const toCompany = await createNotification(t.database.db, {
      userId: company.id,
      kind: 'request_accepted',
      requestId,
    });
    const disabled = await expert.client.post('/api/profiles/me/disable', { reasons: ['noTime'] });
    expect(disabled.statusCode).toBe(200);
    const toExpert = await createNotification(t.database.db, {
      userId: expert.id,
      kind: 'request_received',
      requestId,
    });
    await t.deliverMail();
    expect((await t.mailTo(company.email)).filter((m) => m.subject.includes('accepted'))).toEqual([]);
    expect((await t.mailTo(expert.email)).filter((m) => m.subject.includes('connection request'))).toEqual(
      [],
    );
    expect((await notificationRow(toCompany))?.emailSent).toBe(false);
    expect((await notificationRow(toExpert))?.emailSent).toBe(false);
  });

  it('sends nothing for a notification that is gone by the time its job runs, and finishes the job', async () => {
    const expert = await publishedMember(t, 'expert', admin, 'Margaret Hamilton');
    await t.deliverMail();
    const id = await createNotification(t.database.db, { userId: expert.id, kind: 'profile_approved' });
    await t.database.db.delete(notifications).where(eq(notifications.id, id));
    await t.deliverMail();
    expect((await t.mailTo(expert.email)).filter((m) => m.subject === APPROVED)).toHaveLength(1);
    const [job] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.idempotencyKey, `${notificationEmailTopic.name}:${id}`));
    expect(job?.status).toBe('done');
  });
});
