import {
  type AdvisorPage,
  type AdvisorSearchQuery,
  isStorableText,
  type NetworkOverview,
} from '@intergen/contracts';
import { matchingTexts } from '@intergen/domain';
import { z } from 'zod';
import type { Caller } from '../../http/caller.ts';
import { AppError } from '../../lib/errors.ts';
import { connectionCounts } from '../connections/index.ts';
import { toProfileCard } from '../matching/index.ts';
import * as members from '../members/index.ts';
import { type NetworkContext, requirePublishedExpert, withCounterparts } from './network.context.ts';
import { otherIdOf, toNetworkView } from './network.model.ts';
import * as repo from './network.repository.ts';

const mustBeExpert = () => new AppError('WRONG_ROLE', matchingTexts.mustBeExpert);

/**
 * The caller's My Network (spec 000 §2): network requests received and sent, the network itself, and the
 * sidebar's counts (see NetworkOverviewSchema). A company has no network of experts: its lists are empty and
 * its counts are its connection requests received and its connected experts. Admins have no network.
 */
export async function networkOverview({ db }: NetworkContext, caller: Caller): Promise<NetworkOverview> {
  if (caller.isAdmin || !caller.kind) throw mustBeExpert();
  await members.requireMemberReader(db, caller);
  const conn = await connectionCounts(db, caller);
  if (caller.kind === 'company') {
    return {
      received: [],
      sent: [],
      connected: [],
      counts: { requests: conn.received, advisors: conn.connections, ventures: 0 },
    };
  }
  const rows = await withCounterparts(db, caller.id, await repo.listOpenRequestsOf(db, caller.id));
  const views = rows.map((r) => toNetworkView(r, caller.id));
  const received = views.filter((v) => v.status === 'requesting' && v.direction === 'received');
  const sent = views.filter((v) => v.status === 'requesting' && v.direction === 'sent');
  const connected = views
    .filter((v) => v.status === 'connected')
    .sort((a, b) => (b.connectedOn ?? 0) - (a.connectedOn ?? 0));
  return {
    received,
    sent,
    connected,
    counts: {
      requests: received.length + conn.received,
      advisors: connected.length,
      ventures: conn.connections,
    },
  };
}

// Decoded from base64, so the request's own NUL check never saw it; what the database cannot hold starts over.
const CursorSchema = z.object({
  name: z.string().max(400).refine(isStorableText),
  id: z.string().max(200).refine(isStorableText),
});

/** The opaque cursor of the advisors' pages: the last advisor's sort name and id, base64url JSON. */
function decodeCursor(cursor: string | undefined): members.AdvisorCursor | undefined {
  if (!cursor) return undefined;
  try {
    return CursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    return undefined;
  }
}
const encodeCursor = (c: members.AdvisorCursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

/**
 * The My Network search (spec 001 §6): published, public experts connected to at least one of the caller's
 * connected companies, without the caller and anyone already requesting or in their network; by name, in keyset
 * pages, each with the first company they share with the caller; `everyoneAdded` when nobody is left because the
 * caller has asked or added every one of them.
 */
export async function searchAdvisors(
  { db }: NetworkContext,
  caller: Caller,
  query: AdvisorSearchQuery,
): Promise<AdvisorPage> {
  if (caller.isAdmin || caller.kind !== 'expert') throw mustBeExpert();
  await requirePublishedExpert(db, caller);
  const mine = await members.connectedCompanyIdsOf(db, caller.id);
  const taken = (await repo.listOpenRequestsOf(db, caller.id)).map((r) => otherIdOf(r, caller.id));
  const searchText = query.searchText?.trim().toLowerCase() || undefined;
  const rows = await members.listAdvisorsPage(db, {
    companyIds: mine,
    excludeIds: [caller.id, ...taken],
    searchText,
    after: decodeCursor(query.cursor),
    limit: query.pageSize + 1,
  });
  const page = rows.slice(0, query.pageSize);
  const everyoneAdded =
    rows.length === 0 && !searchText && !query.cursor && taken.length > 0
      ? (await members.listAdvisorsPage(db, { companyIds: mine, excludeIds: [caller.id], limit: 1 })).length >
        0
      : false;
  const viaIds = page.map((r) => r.connectedCompanyIds.find((id) => mine.includes(id))!);
  const names = await members.memberNames(db, viaIds);
  const last = page.at(-1);
  return {
    advisors: page.map((r, i) => {
      const n = names.get(viaIds[i]!);
      return {
        card: toProfileCard('expert', r.card),
        viaCompanyId: viaIds[i]!,
        viaCompanyName: n?.companyName?.trim() || n?.name || '',
      };
    }),
    nextCursor:
      rows.length > query.pageSize && last ? encodeCursor({ name: last.sortName, id: last.card.id }) : null,
    everyoneAdded,
  };
}
