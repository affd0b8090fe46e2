import type { ConnectionRequest } from '@intergen/contracts';
import { connectionTexts, type ProfileType } from '@intergen/domain';
import type { Database, Db, Executor } from '../../db/client.ts';
import type { Caller } from '../../http/caller.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type {
  ConnectionEventType,
  DealPayload,
  DomainEventOf,
  DomainEventPayload,
  PublishEvent,
} from '../events/index.ts';
import { publishAdminLive, publishLive } from '../live/index.ts';
import * as matching from '../matching/index.ts';
import * as members from '../members/index.ts';
import { type RequestWithCounterpart, toRequestView, type ViewingMember } from './connections.model.ts';
import {
  isSuggestionParty,
  type RequestRole,
  recipientIdOf,
  roleIn,
  senderIdOf,
} from './connections.policy.ts';
import * as repo from './connections.repository.ts';

/** Reads the hosted survey form of a role in effect now (the settings service's `surveyFormUrl`), or null. */
export type SurveyFormSource = (ex: Executor, role: ProfileType) => Promise<string | null>;

export interface ConnectionsServiceDeps {
  database: Database;
  publishEvent: PublishEvent;
  /** The hosted survey form of the caller's role, shown in the review dialog (settings, per environment). */
  surveyFormUrl: SurveyFormSource;
  /** Called after a transaction that queued work (notification e-mails) has committed. */
  afterCommit: () => void;
  now?: () => Date;
}

/** What every connections use case works with: the database, the service's dependencies and the clock. */
export interface ConnectionsContext {
  db: Db;
  publishEvent: PublishEvent;
  surveyFormUrl: SurveyFormSource;
  afterCommit: () => void;
  now: () => Date;
}

/** The context of `createConnectionsService`, built once from its dependencies (the clock defaults to now). */
export function connectionsContext(deps: ConnectionsServiceDeps): ConnectionsContext {
  const { database, publishEvent, surveyFormUrl, afterCommit } = deps;
  return { db: database.db, publishEvent, surveyFormUrl, afterCommit, now: deps.now ?? (() => new Date()) };
}

/** The answer to a request the caller may not see or that does not exist. */
export const notFound = () => new AppError('NOT_FOUND', connectionTexts.requestNotFound);
/** The answer to a transition the request's state no longer allows. */
export const conflict = (message: string) => new AppError('CONFLICT', message);

/** A transition's starting point: the locked suggestion and request, and the caller's role in the request. */
export interface Locked {
  side: ProfileType;
  suggestion: matching.SuggestionRow | null;
  request: repo.RequestRow;
  role: RequestRole;
}

/**
 * The caller as views need them (side and facets), or 404 when they have no profile. `known`: the caller's rows
 * as the session lookup read them (for reads outside a transaction: nothing is read again).
 */
export async function viewingMember(
  ex: Executor,
  caller: Caller,
  known?: members.MemberRows,
): Promise<ViewingMember> {
  const side = matching.memberSide(caller);
  await members.requireMemberReader(ex, caller, known);
  const member = known ? members.matchingMemberOf(known) : await members.findMatchingMember(ex, caller.id);
  if (!member || member.kind !== side) throw notFound();
  return { id: member.id, side, facets: member.facets };
}

/** One request as the caller sees it; 404 when it is not theirs (or not visible to them yet). */
export async function viewOf(ex: Executor, caller: Caller, id: string): Promise<ConnectionRequest> {
  const me = await viewingMember(ex, caller);
  const row = await requestOf(ex, me, id);
  if (!row || !roleIn(me.id, row.request)) throw notFound();
  return toRequestView(row, me);
}

/**
 * Requests with the other side as the members module shows them. A counterpart gone from the platform
 * (disabled, deactivated, unpublished by the team) takes their requests and connections out of view.
 */
export async function withCounterparts(
  ex: Executor,
  me: ViewingMember,
  rows: repo.RequestRow[],
): Promise<RequestWithCounterpart[]> {
  const other: ProfileType = me.side === 'expert' ? 'company' : 'expert';
  const otherIdOf = (r: repo.RequestRow) => (me.side === 'expert' ? r.companyId : r.expertId);
  const counterparts = await members.counterpartsOf(ex, other, rows.map(otherIdOf));
  return rows.flatMap((request) => {
    const c = counterparts.get(otherIdOf(request));
    return c && !c.gone ? [{ request, card: c.card, facets: c.facets, contact: c.contact }] : [];
  });
}

/** One of the member's requests with its counterpart, or null. */
export async function requestOf(
  ex: Executor,
  me: ViewingMember,
  id: string,
): Promise<RequestWithCounterpart | null> {
  const request = await repo.findRequest(ex, id);
  const mine = request && (me.side === 'expert' ? request.expertId : request.companyId) === me.id;
  const [row] = mine ? await withCounterparts(ex, me, [request]) : [];
  return row ?? null;
}

/**
 * Locks the suggestion and the request `id` for a transition by the caller. A request that is gone while the
 * caller's suggestion remains was withdrawn (`withdrawn`); one that never was the caller's is not found.
 * With `needsSuggestion`, the request's match suggestion must still exist (spec 001 §5).
 */
export async function lockFor(
  tx: Executor,
  caller: Caller,
  id: string,
  opts: { needsSuggestion: boolean },
): Promise<Locked | 'withdrawn'> {
  const side = matching.memberSide(caller);
  await members.requireMemberReader(tx, caller);
  const suggestion = await matching.lockSuggestion(tx, id);
  const request = await repo.lockRequest(tx, id);
  if (!request) {
    if (suggestion && isSuggestionParty(caller.id, suggestion)) return 'withdrawn';
    throw notFound();
  }
  const role = roleIn(caller.id, request);
  if (!role) throw notFound();
  if (opts.needsSuggestion && !suggestion)
    throw badRequest('INVALID_STATE', connectionTexts.originalSuggestionMissing);
  return { side, suggestion, request, role };
}

/** What the CRM's deal mapping needs of every connection event (spec 000 §4). */
export function dealPayload(
  r: repo.RequestRow,
  suggestion: { dealId: string | null } | null,
  by: string,
): DealPayload {
  return {
    requestId: r.id,
    suggestionId: r.id,
    expertId: r.expertId,
    companyId: r.companyId,
    dealId: suggestion?.dealId ?? null,
    requestedBy: r.requestedBy,
    senderId: senderIdOf(r),
    recipientId: recipientIdOf(r),
    by,
    isPending: r.isPending,
  };
}

/** Publishes a connection's domain event `type`, by the member `by`, with what the deal mapping needs. */
export async function connectionEvent<T extends ConnectionEventType>(
  { publishEvent }: ConnectionsContext,
  tx: Executor,
  type: T,
  r: repo.RequestRow,
  suggestion: { dealId: string | null } | null,
  by: string,
  extra: Omit<DomainEventPayload<T>, keyof DealPayload>,
): Promise<void> {
  // TypeScript cannot pair `type` with its payload through the generic; publishEvent checks the pair.
  await publishEvent(tx, {
    type,
    userId: by,
    payload: { ...dealPayload(r, suggestion, by), ...extra },
  } as DomainEventOf<T>);
}

/**
 * Runs a transition on a locked request and answers the request as the caller now sees it. `work` returns
 * whether it queued anything (then the worker is nudged after the commit).
 */
export async function transition(
  { db, afterCommit }: ConnectionsContext,
  caller: Caller,
  id: string,
  opts: { needsSuggestion: boolean },
  work: (tx: Executor, locked: Locked) => Promise<boolean>,
): Promise<ConnectionRequest> {
  let queued = false;
  const view = await db.transaction(async (tx) => {
    const locked = await lockFor(tx, caller, id, opts);
    if (locked === 'withdrawn') throw conflict(connectionTexts.requestWithdrawn);
    queued = await work(tx, locked);
    return viewOf(tx, caller, id);
  });
  if (queued) afterCommit();
  return view;
}

/** Only the recipient answers a request. */
export const requireRecipient = (l: Locked) => {
  if (l.role !== 'recipient') throw new AppError('FORBIDDEN', connectionTexts.onlyRecipient);
};
/** Accept, deny and dismiss answer an open request only. */
export const requireOpen = (r: repo.RequestRow) => {
  if (r.accepted) throw conflict(connectionTexts.alreadyAccepted);
  if (r.notInterested || r.dismissed) throw conflict(connectionTexts.notOpen);
};
/** Closing, reviewing and meeting invites need an accepted request (a connection). */
export const requireConnected = (r: Pick<repo.RequestRow, 'accepted'>) => {
  if (!r.accepted) throw conflict(connectionTexts.notConnected);
};
/**
 * Tells both parties' open browsers that `topics` changed, and admins' that the requests did (and the
 * suggestions, when the step changed the suggestion too: a send or a cancel).
 */
export async function live(tx: Executor, r: repo.RequestRow, topics: Parameters<typeof publishLive>[2]) {
  await publishLive(tx, [r.expertId, r.companyId], topics);
  await publishAdminLive(
    tx,
    topics.includes('suggestions') ? ['adminRequests', 'adminSuggestions'] : ['adminRequests'],
  );
}
