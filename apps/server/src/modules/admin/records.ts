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
import { memberIdsNamed } from '../members/index.ts';
import { connectionStateOf, networkStateOfStatus, suggestionStateOf } from './record-states.ts';
import { decodeCursor, encodeCursor } from './records.cursor.ts';
import {
  type RequestKind,
  type RequestRecord,
  readRequestsPage,
  readScoresPage,
  readSuggestionsPage,
} from './records.read-model.ts';

/**
 * The admin's read views: every suggestion, request and score, a keyset page at a time. Each page and its
 * people's names are read in one statement (`records.read-model.ts`), its total in one more; the members module
 * finds the members a name search means.
 */

type SuggestionsQuery = z.output<typeof AdminSuggestionsQuerySchema>;
type RequestsQuery = z.output<typeof AdminRequestsQuerySchema>;
type ScoresQuery = z.output<typeof AdminScoresQuerySchema>;

/** The members a search names (null: no search). */
const searched = (db: Executor, search: string | undefined) =>
  search ? memberIdsNamed(db, search) : Promise.resolve(null);

/** A party of a row, named as the page read them ('' for no such user). */
const party = (id: string, role: AdminParty['role'], name: string | null): AdminParty => ({
  id,
  role,
  name: name ?? '',
});

/** A page of suggestions by created date, with both sides named and who made each. */
export async function listAdminSuggestions(
  db: Executor,
  q: SuggestionsQuery,
): Promise<AdminSuggestionsResponse> {
  const cursor = decodeCursor('suggestions', q.cursor, (c) => c.o === q.order);
  const page = await readSuggestionsPage(db, {
    state: q.state,
    memberIds: await searched(db, q.search),
    order: q.order,
    after: cursor ? { key: cursor.k, id: cursor.i } : null,
    limit: q.limit + 1,
  });
  const rows = page.rows.slice(0, q.limit);
  const last = rows.at(-1);
  return {
    rows: rows.map((s) => {
      // Made by an admin who is still a user: named; by the matcher, or by an account since deleted: none.
      const byAdmin = s.createdBy !== 'matcher' && s.creatorName !== null;
      return {
        id: s.id,
        expert: party(s.expertId, 'expert', s.expertName),
        company: party(s.companyId, 'company', s.companyName),
        createdAt: s.createdAt.getTime(),
        source: s.createdBy === 'matcher' ? 'matcher' : 'admin',
        createdBy: byAdmin ? { id: s.createdBy, name: s.creatorName! } : null,
        position: s.position,
        state: suggestionStateOf(s),
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
  const page = await readScoresPage(db, {
    minScore: q.minScore,
    memberIds: await searched(db, q.search),
    sort: q.sort,
    order: q.order,
    after: cursor ? { key: cursor.k, id: cursor.i } : null,
    limit: q.limit + 1,
  });
  const rows = page.rows.slice(0, q.limit);
  const last = rows.at(-1);
  return {
    rows: rows.map((s) => ({
      id: s.id,
      expert: party(s.expertId, 'expert', s.expertName),
      company: party(s.companyId, 'company', s.companyName),
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

/** The first characters of a message, on one line. */
function excerpt(message: string): string {
  const flat = message.replace(/\s+/g, ' ').trim();
  return flat.length > adminMessageExcerptMax ? `${flat.slice(0, adminMessageExcerptMax - 1)}…` : flat;
}

/** A page of connection and My Network requests by sent date, merged, with every party named. */
export async function listAdminRequests(db: Executor, q: RequestsQuery): Promise<AdminRequestsResponse> {
  const cursor = decodeCursor('requests', q.cursor, (c) => c.o === q.order);
  const page = await readRequestsPage(db, {
    kind: q.kind,
    state: q.state,
    memberIds: await searched(db, q.search),
    order: q.order,
    after: {
      connection: startIn('connection', q.order, cursor),
      network: startIn('network', q.order, cursor),
    },
    limit: q.limit + 1,
  });
  const rows = page.rows.slice(0, q.limit);
  const last = rows.at(-1);
  return {
    rows: rows.map((r) => (r.kind === 'connection' ? connectionView(r) : networkView(r))),
    total: page.total,
    nextCursor:
      page.rows.length > q.limit && last
        ? encodeCursor<'requests'>({ l: 'requests', o: q.order, k: last.key, c: last.kind, i: last.row.id })
        : null,
  };
}

function connectionView(record: Extract<RequestRecord, { kind: 'connection' }>): AdminRequest {
  const r = record.row;
  const expert = party(r.expertId, 'expert', record.firstName);
  const company = party(r.companyId, 'company', record.secondName);
  const fromExpert = r.requestedBy === 'expert';
  return {
    kind: 'connection',
    id: r.id,
    state: connectionStateOf(r),
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
    dealId: record.dealId,
  };
}

function networkView(record: Extract<RequestRecord, { kind: 'network' }>): AdminRequest {
  const r = record.row;
  return {
    kind: 'network',
    id: r.id,
    state: networkStateOfStatus[r.status],
    sender: party(r.initiatorId, 'expert', record.firstName),
    recipient: party(r.recipientId, 'expert', record.secondName),
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
