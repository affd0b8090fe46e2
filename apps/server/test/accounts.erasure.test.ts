import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactInfo, matchScores } from '../src/db/schema.ts';
import { adminDelete, ownDelete } from './accounts.support.ts';
import { acted, member, sent, suggest } from './connections.support.ts';
import { type Member, pngOf, signInAdmin, uploadImage } from './factories.ts';
import { createTestApp, type Engine, engines, signIn, type TestApp } from './helpers.ts';
import { connectTo, acted as networkActed, requested } from './network.support.ts';

/**
 * Deleting a member deletes everything about them (spec 000 §4, DESIGN.md §4 "Deleting vs disabling"): after the
 * deletion and its deliveries, no table of the database — every text and JSON column, enumerated from
 * information_schema so a table added later is searched too — and no file of the data directory holds the
 * member's id, e-mail address, name, phone number or the messages they wrote or received; only the audit log
 * (the admins' record) may name them.
 */

/** Every (table, column) of the public schema whose value can hold text: text, JSON, arrays of text. */
async function textColumns(t: TestApp): Promise<{ table: string; column: string }[]> {
  const rows = await t.database.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = 'public'
       AND (data_type IN ('text', 'character varying', 'character', 'json', 'jsonb') OR data_type = 'ARRAY')
     ORDER BY table_name, column_name`,
  );
  return rows.map((r) => ({ table: r.table_name, column: r.column_name }));
}

/** `table.column` → how many rows hold any of the needles (case-insensitive), audit log excepted. */
async function cellsNaming(t: TestApp, needles: readonly string[]): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const { table, column } of await textColumns(t)) {
    if (table === 'audit_log') continue;
    const conditions = needles.map((_, i) => `position($${i + 1} in lower("${column}"::text)) > 0`);
    const rows = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${table}" WHERE ${conditions.join(' OR ')}`,
      needles.map((n) => n.toLowerCase()),
    );
    const n = Number(rows[0]?.n ?? 0);
    if (n > 0) found[`${table}.${column}`] = n;
  }
  return found;
}

/** The files under `dir` (recursively) whose bytes hold any of the needles. */
async function filesNaming(dir: string, needles: readonly string[]): Promise<string[]> {
  const hits: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = (await readFile(file)).toString('latin1').toLowerCase();
    if (needles.some((n) => text.includes(n.toLowerCase()))) hits.push(file);
  }
  return hits;
}

describe.each(engines)('a deleted member leaves nothing about them on %s', (engine: Engine) => {
  let t: TestApp;
  let dataDir: string;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'intergen-erasure-'));
    t = await createTestApp(engine, { DATA_DIR: dataDir });
    admin = await signInAdmin(t);
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  let serial = 0;
  /**
   * An expert with a name, phone number and messages of their own, with activity in every table: a connection
   * (their request, accepted, reviewed both ways), a request received with a message and one sent and waiting,
   * a plain suggestion, My Network ties both ways, scores, tracking both ways, a picture, mail and CRM contact
   * and deals delivered, outbox rows waiting, done and dead, a rate-limit counter.
   */
  async function busyExpert() {
    serial += 1;
    const tag = `${engine}${serial}`;
    const name = `Quillon Zarathustra${tag}`;
    const phone = `72055501${String(40 + serial).padStart(2, '0')}`;
    const messages = {
      sentAccepted: `Hello from the expert, accepted ${tag} marmalade`,
      received: `Hello to the expert ${tag} pomegranate`,
      sentWaiting: `Hello from the expert, waiting ${tag} tamarind`,
    };
    const x = await member(t, 'expert', { name });
    await t.database.db.update(contactInfo).set({ phone }).where(eq(contactInfo.userId, x.id));
    const connected = await member(t, 'company', { name: 'Connected Company' });
    const receivedFrom = await member(t, 'company', { name: 'Asking Company' });
    const waitingOn = await member(t, 'company', { name: 'Waiting Company' });
    const onlySuggested = await member(t, 'company', { name: 'Suggested Company' });
    const peer = await member(t, 'expert', { name: 'Peer Expert' });
    const asker = await member(t, 'expert', { name: 'Asking Expert' });

    const toConnected = await suggest(t, x, connected);
    await sent(x, toConnected, messages.sentAccepted);
    await acted(connected, toConnected, 'accept');
    await acted(x, toConnected, 'survey', { rating: 5, comment: `Great company ${tag}` });
    await acted(connected, toConnected, 'survey', { rating: 4, comment: `Great expert ${tag}` });
    const fromAsking = await suggest(t, x, receivedFrom);
    await sent(receivedFrom, fromAsking, messages.received);
    const toWaiting = await suggest(t, x, waitingOn);
    await sent(x, toWaiting, messages.sentWaiting);
    await suggest(t, x, onlySuggested);

    await connectTo(t, x, [connected.id]);
    await connectTo(t, peer, [connected.id]);
    await connectTo(t, asker, [connected.id]);
    const toPeer = await requested(x, peer.id);
    await networkActed(peer, toPeer.id, 'accept');

    await t.database.db.insert(matchScores).values([
      { expertId: x.id, companyId: connected.id, score: 93 },
      { expertId: x.id, companyId: onlySuggested.id, score: 81 },
    ]);
    const picture = await uploadImage(t.app, x, await pngOf(64, 64));
    expect(picture.statusCode, picture.body).toBe(200);
    expect((await x.client.post('/api/tracking', { type: 'EXPLORE_EXPERT_COMMUNITY' })).statusCode).toBe(204);
    const viewed = await onlySuggested.client.post('/api/tracking', {
      type: 'VIEW_PROFILE_FROM_CARD',
      targetId: x.id,
    });
    expect(viewed.statusCode, viewed.body).toBe(204);
    await signIn(t.app, x.email, 'not-the-password');

    // Mail and the CRM are delivered; one delivered mail is then parked as dead (as a failed one would be).
    await t.app.worker.drain();
    await t.database.query(
      `UPDATE outbox SET status = 'dead', last_error = 'refused' WHERE id = (
         SELECT id FROM outbox WHERE topic = 'mail.send' AND status = 'done'
           AND position($1 in payload::text) > 0 ORDER BY id LIMIT 1)`,
      [messages.sentWaiting],
    );
    // What follows still waits in the outbox when the deletion comes.
    await requested(asker, x.id);
    const pending = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE status = 'pending'`,
    );
    expect(Number(pending[0]?.n)).toBeGreaterThan(0);
    const profile = (await x.client.get('/api/profiles/me')).json().profile;
    return {
      x,
      pictureUrl: String(profile.data.profileImage.url),
      needles: [x.id, x.email, name, phone, ...Object.values(messages)],
      others: [connected, receivedFrom, waitingOn, onlySuggested, peer, asker],
    };
  }

  /** Before the deletion the member is everywhere; after it and its deliveries, nowhere but the audit log. */
  async function expectErased(b: Awaited<ReturnType<typeof busyExpert>>, deletion: () => Promise<unknown>) {
    const before = await cellsNaming(t, b.needles);
    for (const where of ['mailbox.text', 'mailbox.subject', 'outbox.payload', 'crm_deals.properties']) {
      expect(Object.keys(before), where).toContain(where);
    }
    const picture = () => t.app.inject({ method: 'GET', url: b.pictureUrl });
    expect((await picture()).statusCode).toBe(200);

    await deletion();
    await t.app.worker.drain();

    expect(await cellsNaming(t, b.needles)).toEqual({});
    expect(await filesNaming(dataDir, b.needles)).toEqual([]);
    expect((await picture()).statusCode).toBe(404);
    const dead = await t.database.query(`SELECT topic, last_error FROM outbox WHERE status = 'dead'`);
    expect(dead.filter((r) => r.last_error !== 'refused')).toEqual([]);
    for (const other of b.others) {
      expect((await other.client.get('/api/auth/session')).statusCode).toBe(200);
    }
  }

  it('an admin’s deletion: every table and file, every outbox state, the CRM and the mailbox', async () => {
    const b = await busyExpert();
    await expectErased(b, async () => {
      const response = await adminDelete(admin, b.x.id, b.x.email);
      expect(response.statusCode, response.body).toBe(200);
    });
    // The audit log, and only it, still names whom the admin deleted.
    const audit = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'member.delete' AND target = $1`,
      [b.x.id],
    );
    expect(Number(audit[0]?.n)).toBe(1);
    // An anonymous tombstone remains: a member of that kind was deleted, by that admin.
    const tombstones = await t.database.query<{ payload: Record<string, unknown> }>(
      `SELECT payload FROM domain_events WHERE type = 'member.deleted'`,
    );
    expect(tombstones.at(-1)?.payload).toEqual({ kind: 'expert', by: admin.id });
  });

  it('a deleted company leaves nothing either, not even as the company two experts met through', async () => {
    serial += 1;
    const name = `Ottoline Vexbridge${engine}${serial}`;
    const phone = `30355502${String(10 + serial).padStart(2, '0')}`;
    const message = `From the company ${engine}${serial} quince`;
    const company = await member(t, 'company', { name });
    await t.database.db.update(contactInfo).set({ phone }).where(eq(contactInfo.userId, company.id));
    const a = await member(t, 'expert', { name: 'First Expert' });
    const b = await member(t, 'expert', { name: 'Second Expert' });
    const toA = await suggest(t, a, company);
    await sent(company, toA, message);
    await acted(a, toA, 'accept');
    const toB = await suggest(t, b, company);
    await sent(b, toB, `To the company ${engine}${serial}`);
    await acted(company, toB, 'accept');
    await connectTo(t, a, [company.id]);
    await connectTo(t, b, [company.id]);
    const met = await requested(a, b.id, company.id);
    await networkActed(b, met.id, 'accept');
    await t.app.worker.drain();
    const needles = [company.id, company.email, name, phone, message];
    expect(Object.keys(await cellsNaming(t, needles))).toContain('network_requests.via_company_id');

    const response = await adminDelete(admin, company.id, company.email);
    expect(response.statusCode, response.body).toBe(200);
    await t.app.worker.drain();
    expect(await cellsNaming(t, needles)).toEqual({});
    // The two experts stay in each other's network.
    expect(JSON.stringify((await a.client.get('/api/network')).json())).toContain(b.id);
  });

  it('the member’s own deletion, with their password, leaves nothing either (no audit row at all)', async () => {
    const b = await busyExpert();
    await expectErased(b, async () => {
      const response = await ownDelete(b.x as Member, b.x.password);
      expect(response.statusCode, response.body).toBe(200);
    });
    const audit = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE position($1 in details::text || coalesce(target, '')) > 0`,
      [b.x.id],
    );
    expect(Number(audit[0]?.n)).toBe(0);
  });
});
