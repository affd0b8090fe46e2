import type { NetworkRequest } from '@intergen/contracts';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { domainEvents, experts, networkRequests, notifications } from '../src/db/schema.ts';
import type { Member } from './factories.ts';
import type { TestApp } from './helpers.ts';

/** Factories of the My Network tests; members come from connections.support's `member`. */

export const request = (m: Member, expertId: string, viaCompanyId?: string) =>
  m.client.post('/api/network/requests', { expertId, ...(viaCompanyId ? { viaCompanyId } : {}) });

export type NetworkAction = 'accept' | 'decline' | 'cancel';
export const act = (m: Member, id: string, action: NetworkAction) =>
  m.client.post(`/api/network/requests/${id}/${action}`, {});

/** Requests and checks it was made (201). */
export async function requested(m: Member, expertId: string, viaCompanyId?: string): Promise<NetworkRequest> {
  const response = await request(m, expertId, viaCompanyId);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().request;
}

/** Runs an action and checks it succeeded (200). */
export async function acted(m: Member, id: string, action: NetworkAction): Promise<NetworkRequest> {
  const response = await act(m, id, action);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().request;
}

/** Sets an expert's connected companies (as accepted connection requests with companies would have). */
export async function connectTo(t: TestApp, expert: { id: string }, companyIds: string[]) {
  await t.database.db
    .update(experts)
    .set({ connectedCompanyIds: companyIds })
    .where(eq(experts.id, expert.id));
}

export async function overviewOf(m: Member) {
  const response = await m.client.get('/api/network');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The network events about one request, oldest first. */
export async function networkEvents(t: TestApp, requestId: string) {
  const rows = await t.database.db
    .select({ type: domainEvents.type, userId: domainEvents.userId, payload: domainEvents.payload })
    .from(domainEvents)
    .orderBy(asc(domainEvents.id));
  return rows.filter((e) => e.type.startsWith('network.') && e.payload.requestId === requestId);
}

/** The notifications about one network request, as `{ userId, kind, counterpartId }`. */
export async function networkNotifications(t: TestApp, requestId: string) {
  return t.database.db
    .select({
      userId: notifications.userId,
      kind: notifications.kind,
      counterpartId: notifications.counterpartId,
    })
    .from(notifications)
    .where(eq(notifications.networkRequestId, requestId));
}

/** Every network row between the two, whichever way round. */
export async function rowsBetween(t: TestApp, a: string, b: string) {
  const all = await t.database.db.select().from(networkRequests);
  return all.filter(
    (r) => (r.initiatorId === a && r.recipientId === b) || (r.initiatorId === b && r.recipientId === a),
  );
}
