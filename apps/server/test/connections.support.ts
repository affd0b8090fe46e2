import type { ConnectionBuckets, ConnectionRequest } from '@intergen/contracts';
import type { ProfileType } from '@intergen/domain';
import { asc, eq, like } from 'drizzle-orm';
import { expect } from 'vitest';
import { companies, contactInfo, domainEvents, experts, matchSuggestions, users } from '../src/db/schema.ts';
import { type Member, profileColumns, signUpMember, validSections } from './factories.ts';
import type { TestApp } from './helpers.ts';

/**
 * Factories of the connections tests. Members sign up through the API (so they have a session) and get a
 * complete profile written straight into the database with the status a test needs; suggestions are written
 * straight too (their creation is the matching tests' business). Every connection step goes through HTTP.
 */

export interface MemberOptions {
  name?: string;
  /** Published (default), pending (an expert awaiting approval) or neither (a draft). */
  status?: 'published' | 'pending' | 'draft';
  private?: boolean;
}

export const contactOf = {
  expert: { phone: '5551234567', linkedin: validSections.expert.basics.linkedin, jobTitle: null },
  company: {
    phone: '5559876543',
    linkedin: validSections.company.basics.linkedin,
    jobTitle: validSections.company.basics.jobTitle,
  },
} as const;

/** A signed-up member with a complete profile in the given status and full contact details. */
export async function member(t: TestApp, kind: ProfileType, opts: MemberOptions = {}): Promise<Member> {
  const name = opts.name ?? (kind === 'expert' ? 'Ada Lovelace' : 'Grace Hopper');
  const m = await signUpMember(t.app, kind, name);
  const status = opts.status ?? 'published';
  const row = {
    hasBeenWelcomed: true,
    onboardingComplete: true,
    profileComplete: true,
    profilePublished: status === 'published',
    profilePending: status === 'pending',
    publishDate: status === 'published' ? new Date() : null,
    ...profileColumns(kind),
    ...(kind === 'expert' ? { private: opts.private ?? false } : {}),
  };
  const table = kind === 'expert' ? experts : companies;
  await t.database.db
    .update(table)
    .set(row as never)
    .where(eq(table.id, m.id));
  await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, m.id));
  await t.database.db.update(contactInfo).set(contactOf[kind]).where(eq(contactInfo.userId, m.id));
  return m;
}

/** A match suggestion between the two, as an admin or the matcher would have made it; returns its id. */
export async function suggest(
  t: TestApp,
  expert: { id: string },
  company: { id: string },
  opts: { dealId?: string } = {},
): Promise<string> {
  const id = crypto.randomUUID();
  await t.database.db.insert(matchSuggestions).values({
    id,
    expertId: expert.id,
    companyId: company.id,
    createdBy: 'test',
    dealId: opts.dealId ?? null,
  });
  return id;
}

/** A published expert and company with a suggestion between them. */
export async function pair(t: TestApp, opts: { expert?: MemberOptions; company?: MemberOptions } = {}) {
  const expert = await member(t, 'expert', opts.expert);
  const company = await member(t, 'company', opts.company);
  const suggestionId = await suggest(t, expert, company);
  return { expert, company, suggestionId };
}

export type Action = 'accept' | 'deny' | 'dismiss' | 'cancel' | 'close' | 'seen' | 'survey';

export const send = (m: Member, suggestionId: string, message = '') =>
  m.client.post('/api/connections', { suggestionId, message });

export const act = (m: Member, id: string, action: Action, body?: unknown) =>
  m.client.post(`/api/connections/${id}/${action}`, body ?? {});

/** Sends and checks the request was made (201). */
export async function sent(m: Member, suggestionId: string, message = ''): Promise<ConnectionRequest> {
  const response = await send(m, suggestionId, message);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().request;
}

/** Runs an action and checks it succeeded (200). */
export async function acted(m: Member, id: string, action: Action, body?: unknown) {
  const response = await act(m, id, action, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A pair already connected: `from` sent the request, the other accepted it. */
export async function connectedPair(t: TestApp, from: ProfileType = 'company') {
  const p = await pair(t);
  const sender = from === 'expert' ? p.expert : p.company;
  const recipient = from === 'expert' ? p.company : p.expert;
  await sent(sender, p.suggestionId);
  await acted(recipient, p.suggestionId, 'accept');
  return { ...p, sender, recipient, id: p.suggestionId };
}

export async function bucketsOf(m: Member): Promise<ConnectionBuckets> {
  const response = await m.client.get('/api/connections');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The ids in each bucket, for compact assertions. */
export async function bucketIds(
  m: Member,
): Promise<Record<'received' | 'sent' | 'unrated' | 'rated', string[]>> {
  const b = await bucketsOf(m);
  return {
    received: b.received.map((r) => r.id),
    sent: b.sent.map((r) => r.id),
    unrated: b.unrated.map((r) => r.id),
    rated: b.rated.map((r) => r.id),
  };
}

/** The connection events about one request, oldest first, as `{ type, payload }`. */
export async function connectionEvents(t: TestApp, requestId: string) {
  const rows = await t.database.db
    .select({ type: domainEvents.type, userId: domainEvents.userId, payload: domainEvents.payload })
    .from(domainEvents)
    .orderBy(asc(domainEvents.id));
  return rows.filter(
    (e) =>
      (e.type.startsWith('connection.') || e.type === 'survey.submitted') &&
      e.payload.requestId === requestId,
  );
}

/** Whether any domain event of the type names the request (for "nothing was published" checks). */
export async function hasEvent(t: TestApp, type: string, requestId: string): Promise<boolean> {
  const rows = await t.database.db
    .select({ payload: domainEvents.payload })
    .from(domainEvents)
    .where(like(domainEvents.type, type));
  return rows.some((r) => r.payload.requestId === requestId);
}
