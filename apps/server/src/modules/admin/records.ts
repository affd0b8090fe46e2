import {
  type AdminParty,
  type AdminRequest,
  type AdminRequestsQuerySchema,
  type AdminRequestsResponse,
  type AdminScoresQuerySchema,
  type AdminScoresResponse,
  type AdminSuggestionsQuerySchema,
  type AdminSuggestionsResponse,
  adminMessageExcerptMax,
} from '@intergen/contracts';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import type { PageStart } from '../../db/keyset.ts';
import { toMillis } from '../../lib/time.ts';
import * as connections from '../connections/index.ts';
import * as matching from '../matching/index.ts';
import * as members from '../members/index.ts';
import * as network from '../network/index.ts';
import { decodeCursor, encodeCursor } from './records.cursor.ts';

/**
 * The admin's read views: every suggestion, request and score, a keyset page at a time. Each owner
 * module reads its own table; the members module names the page's people in one query, and finds the members
 * a name search means.
 */

type SuggestionsQuery = z.output<typeof AdminSuggestionsQuerySchema>;
type RequestsQuery = z.output<typeof AdminRequestsQuerySchema>;
type ScoresQuery = z.output<typeof AdminScoresQuerySchema>;

/** The members a search names (null: no search). */
const searched = (db: Executor, search: string | undefined) =>
  search ? members.memberIdsNamed(db, search) : Promise.resolve(null);

/** Names a page's people: `party(id, role)` once their labels are read. */
async function namer(db: Executor, ids: string[]) {
  const labels = await members.memberLabels(db, ids);
  return {
    party: (id: string, role: AdminParty['role']): AdminParty => ({
      id,
      role,
      name: labels.get(id)?.name ?? '',
    }),
    labels,
  };
}

/** A page of suggestions by created date, with both sides named and who made each. */
export async function listAdminSuggestions(
  db: Executor,
  q: SuggestionsQuery,
): Promise<AdminSuggestionsResponse> {
  const cursor = decodeCursor('suggestions', q.cursor, (c) => c.o === q.order);
  const page = await matching.listSuggestionsPage(db, {
    state: q.state,
    memberIds: await searched(db, q.search),
    order: q.order,
    after: cursor ? { key: cursor.k, id: cursor.i } : null,
    limit: q.limit + 1,
  });
  const rows = page.rows.slice(0, q.limit);
  const { party, labels } = await namer(
    db,
    rows.flatMap((s) => [s.expertId, s.companyId, s.createdBy]),
  );
  const last = rows.at(-1);
  return {
    rows: rows.map((s) => {
      const admin = s.createdBy === 'matcher' ? undefined : labels.get(s.createdBy);
      return {
        id: s.id,
        expert: party(s.expertId, 'expert'),
        company: party(s.companyId, 'company'),
        createdAt: s.createdAt.getTime(),
        source: s.createdBy === 'matcher' ? 'matcher' : 'admin',
        createdBy: admin ? { id: admin.id, name: admin.name } : null,
        position: s.position,
        state: s.state,
        requestSentAt: toMillis(s.requestSentAt),
        dealId: s.dealId,
      };
    }),
    total: page.total,
    nextCursor:
      page.rows.length > q.limit && last
        ? encodeCursor<'suggestions'>({ l: 'suggestions', o: q.order, k: last.key, i: last.id })
        : null,
  };
}

/** A page of scores by score or by last change, with both sides named. */
export async function listAdminScores(db: Executor, q: ScoresQuery): Promise<AdminScoresResponse> {
  const cursor = decodeCursor('scores', q.cursor, (c) => c.o === q.order && c.s === q.sort);
  const page = await matching.listScoresPage(db, {
    minScore: q.minScore,
    memberIds: await searched(db, q.search),
    sort: q.sort,
    order: q.order,
    after: cursor ? { key: cursor.k, id: cursor.i } : null,
    limit: q.limit + 1,
  });
  const rows = page.rows.slice(0, q.limit);
  const { party } = await namer(
    db,
    rows.flatMap((s) => [s.expertId, s.companyId]),
  );
  const last = rows.at(-1);
  return {
    rows: rows.map((s) => ({
      id: s.id,
      expert: party(s.expertId, 'expert'),
      company: party(s.companyId, 'company'),
      score: s.score,
      updatedAt: s.updatedAt.getTime(),
    })),
    total: page.total,
    nextCursor:
      page.rows.length > q.limit && last
        ? encodeCursor<'scores'>(
            q.sort === 'score'
              ? { l: 'scores', s: 'score', o: q.order, k: last.key, i: String(last.id) }
              : { l: 'scores', s: 'updated', o: q.order, k: last.key, i: String(last.id) },
          )
        : null,
  };
}

// Requests: two tables, one list

type RequestKind = AdminRequest['kind'];
/** A request of either kind as the merge sees it: its kind, sort key and id, and its row for the answer. */
type Tagged =
  | { kind: 'connection'; key: string; id: string; row: connections.AdminConnectionRow }
  | { kind: 'network'; key: string; id: string; row: network.AdminNetworkRow };

/** In the merged list, at one sent date, connection requests come before My Network ones (ascending). */
const rank: Record<RequestKind, number> = { connection: 0, network: 1 };

/**
 * Where one table's page starts, given the merged list's last row: that row itself when it is this table's,
 * else the date alone, with this table's rows at that date before or after it in the merged order.
 */
function startIn(
  kind: RequestKind,
  order: 'desc' | 'asc',
  last: { c: RequestKind; k: string; i: string } | null,
): PageStart | null {
  if (!last) return null;
  if (last.c === kind) return { key: last.k, id: last.i };
  const after = order === 'asc' ? rank[kind] > rank[last.c] : rank[kind] < rank[last.c];
  return { key: last.k, ties: after ? 'include' : 'exclude' };
}

/** Merges two lists sorted in `order` by (key, kind), each already in the database's order within itself. */
function merge(a: Tagged[], b: Tagged[], order: 'desc' | 'asc'): Tagged[] {
  const sign = order === 'asc' ? 1 : -1;
  const before = (x: Tagged, y: Tagged) =>
    sign * (x.key < y.key ? -1 : x.key > y.key ? 1 : rank[x.kind] - rank[y.kind]) < 0;
  const out: Tagged[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && before(a[i]!, b[j]!))) out.push(a[i++]!);
    else out.push(b[j++]!);
  }
  return out;
}

/** The first characters of a message, on one line. */
function excerpt(message: string): string {
  const flat = message.replace(/\s+/g, ' ').trim();
  return flat.length > adminMessageExcerptMax ? `${flat.slice(0, adminMessageExcerptMax - 1)}…` : flat;
}

/** A page of connection and My Network requests by sent date, merged, with every party named. */
export async function listAdminRequests(db: Executor, q: RequestsQuery): Promise<AdminRequestsResponse> {
  const cursor = decodeCursor('requests', q.cursor, (c) => c.o === q.order);
  const memberIds = await searched(db, q.search);
  const base = { state: q.state, memberIds, order: q.order, limit: q.limit + 1 };
  const none = { rows: [], total: 0 };
  const conn =
    q.kind === 'network'
      ? none
      : await connections.listConnectionRequestsPage(db, {
          ...base,
          after: startIn('connection', q.order, cursor),
        });
  const net =
    q.kind === 'connection'
      ? none
      : await network.listNetworkRequestsPage(db, { ...base, after: startIn('network', q.order, cursor) });
  const merged = merge(
    conn.rows.map((row): Tagged => ({ kind: 'connection', key: row.key, id: row.id, row })),
    net.rows.map((row): Tagged => ({ kind: 'network', key: row.key, id: row.id, row })),
    q.order,
  );
  const rows = merged.slice(0, q.limit);
  const [{ party }, suggestions] = await Promise.all([
    namer(
      db,
      rows.flatMap((r) =>
        r.kind === 'connection' ? [r.row.expertId, r.row.companyId] : [r.row.initiatorId, r.row.recipientId],
      ),
    ),
    // A connection request's deal is its suggestion's (the same id).
    matching.suggestionsByIds(
      db,
      rows.filter((r) => r.kind === 'connection').map((r) => r.id),
    ),
  ]);
  const last = rows.at(-1);
  return {
    rows: rows.map((r) =>
      r.kind === 'connection'
        ? connectionView(r.row, party, suggestions.get(r.id)?.dealId ?? null)
        : networkView(r.row, party),
    ),
    total: conn.total + net.total,
    nextCursor:
      merged.length > q.limit && last
        ? encodeCursor<'requests'>({ l: 'requests', o: q.order, k: last.key, c: last.kind, i: last.id })
        : null,
  };
}

type Party = (id: string, role: AdminParty['role']) => AdminParty;

function connectionView(
  r: connections.AdminConnectionRow,
  party: Party,
  dealId: string | null,
): AdminRequest {
  const expert = party(r.expertId, 'expert');
  const company = party(r.companyId, 'company');
  const fromExpert = r.requestedBy === 'expert';
  return {
    kind: 'connection',
    id: r.id,
    state: r.state,
    sender: fromExpert ? expert : company,
    recipient: fromExpert ? company : expert,
    message: excerpt(r.message),
    sentAt: r.requestSentAt.getTime(),
    isPending: r.isPending,
    seen: r.seen,
    accepted: r.accepted,
    connectedOn: toMillis(r.connectedOn),
    notInterested: r.notInterested,
    dismissed: r.dismissed,
    closed: r.closed,
    closedOn: toMillis(r.closedOn),
    respondedAt: null,
    expertRating: r.expertRating,
    ventureRating: r.ventureRating,
    via: null,
    dealId,
  };
}

function networkView(r: network.AdminNetworkRow, party: Party): AdminRequest {
  return {
    kind: 'network',
    id: r.id,
    state: r.state,
    sender: party(r.initiatorId, 'expert'),
    recipient: party(r.recipientId, 'expert'),
    message: null,
    sentAt: r.requestedAt.getTime(),
    isPending: false,
    seen: null,
    accepted: r.status === 'connected',
    connectedOn: toMillis(r.connectedOn),
    notInterested: r.status === 'declined',
    dismissed: false,
    closed: false,
    closedOn: null,
    respondedAt: toMillis(r.respondedAt),
    expertRating: null,
    ventureRating: null,
    via: r.companyName,
    dealId: r.dealId,
  };
}
