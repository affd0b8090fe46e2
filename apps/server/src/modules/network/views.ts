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
import { type AdvisorCursor, readAdvisorsPage } from './advisors.read-model.ts';
import { type NetworkContext, requirePublishedExpert } from './network.context.ts';
import { toNetworkView } from './network.model.ts';
import { readNetworkRows } from './overview.read-model.ts';

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
  // The requests and the other experts in one statement; an expert gone from the platform takes theirs out.
  const rows = await readNetworkRows(db, caller.id, (id) => caller.reads?.add(id));
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
function decodeCursor(cursor: string | undefined): AdvisorCursor | undefined {
  if (!cursor) return undefined;
  try {
    return CursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    return undefined;
  }
}
const encodeCursor = (c: AdvisorCursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

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
  const searchText = query.searchText?.trim().toLowerCase() || undefined;
  // Nobody on a first page without text: whether that is because the caller asked everyone offered.
  const { rows, offered } = await readAdvisorsPage(
    db,
    caller.id,
    {
      searchText,
      after: decodeCursor(query.cursor),
      limit: query.pageSize + 1,
      offered: !searchText && !query.cursor,
    },
    (id) => caller.reads?.add(id),
  );
  const page = rows.slice(0, query.pageSize);
  const last = page.at(-1);
  return {
    advisors: page.map((r) => ({
      card: toProfileCard('expert', r.card),
      viaCompanyId: r.viaCompanyId,
      viaCompanyName: r.viaCompany?.companyName?.trim() || r.viaCompany?.name || '',
    })),
    nextCursor:
      rows.length > query.pageSize && last ? encodeCursor({ name: last.sortName, id: last.card.id }) : null,
    // The page is everyone offered less those asked: empty while someone is offered, all of them were asked.
    everyoneAdded: rows.length === 0 && offered,
  };
}
