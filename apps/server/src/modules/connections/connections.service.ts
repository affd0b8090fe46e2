import type { ConnectionBuckets, ConnectionRequest, SurveyBody } from '@intergen/contracts';
import {
  addRating,
  cancelLostReason,
  connectionTexts,
  declineLostReason,
  meetingDetails,
  meetingSlot,
  meetingTitle,
  type ProfileType,
  surveyFormsSettingKey,
  validInviteEmails,
} from '@intergen/domain';
import { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import type { Caller } from '../../http/caller.ts';
import { newId } from '../../lib/crypto.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type {
  ConnectionEventType,
  DealPayload,
  DomainEventOf,
  DomainEventPayload,
  PublishEvent,
} from '../events/events.ts';
import { publishLive } from '../live/live.ts';
import { memberSide } from '../matching/matching.policy.ts';
import * as matchingRepo from '../matching/matching.repository.ts';
import { requireMemberReader } from '../members/members.access.ts';
import { createNotification } from '../notifications/notifications.repository.ts';
import type { ExpertApprovedHook } from '../profiles/profiles.service.ts';
import { inviteCalendar } from './connections.invite.ts';
import { hasReviewed, toBuckets, toRequestView, type ViewingMember } from './connections.model.ts';
import {
  isSuggestionParty,
  type RequestRole,
  recipientIdOf,
  requesterKindOf,
  roleIn,
  senderIdOf,
} from './connections.policy.ts';
import * as repo from './connections.repository.ts';

export interface ConnectionsServiceDeps {
  database: Database;
  publishEvent: PublishEvent;
  /** Called after a transaction that queued work (notification e-mails) has committed. */
  afterCommit: () => void;
  now?: () => Date;
}

const SurveyFormsSchema = z
  .object({
    expert: z.string().url().optional().catch(undefined),
    company: z.string().url().optional().catch(undefined),
  })
  .catch({});

const notFound = () => new AppError('NOT_FOUND', connectionTexts.requestNotFound);
const conflict = (message: string) => new AppError('CONFLICT', message);

/** A transition's starting point: the locked suggestion and request, and the caller's role in the request. */
interface Locked {
  side: ProfileType;
  suggestion: repo.SuggestionRow | null;
  request: repo.RequestRow;
  role: RequestRole;
}

/**
 * Connection requests (spec 000 §4, 001 §5): send from a suggestion, accept, deny, dismiss, cancel, close,
 * review; the caller's buckets; meeting invites; and the release of an expert's held requests on approval.
 * Every transition runs in one transaction that locks the suggestion's row, then the request's, so concurrent
 * transitions on one pair run one after the other and the loser sees the winner's state.
 */
export function createConnectionsService(deps: ConnectionsServiceDeps) {
  const { database, publishEvent, afterCommit } = deps;
  const { db } = database;
  const now = deps.now ?? (() => new Date());

  /** The caller as views need them (side and facets), or 404 when they have no profile. */
  async function viewingMember(ex: Executor, caller: Caller): Promise<ViewingMember> {
    const side = memberSide(caller);
    await requireMemberReader(ex, caller);
    const member = await matchingRepo.findMember(ex, caller.id);
    if (!member || member.kind !== side) throw notFound();
    return { id: member.id, side, facets: member.facets };
  }

  /** One request as the caller sees it; 404 when it is not theirs (or not visible to them yet). */
  async function viewOf(ex: Executor, caller: Caller, id: string): Promise<ConnectionRequest> {
    const me = await viewingMember(ex, caller);
    const row = await repo.findRequestOf(ex, me.side, me.id, id);
    if (!row || !roleIn(me.id, row.request)) throw notFound();
    return toRequestView(row, me);
  }

  /**
   * Locks the suggestion and the request `id` for a transition by the caller. A request that is gone while the
   * caller's suggestion remains was withdrawn (`withdrawn`); one that never was the caller's is not found.
   * With `needsSuggestion`, the request's match suggestion must still exist (spec 001 §5).
   */
  async function lockFor(
    tx: Executor,
    caller: Caller,
    id: string,
    opts: { needsSuggestion: boolean },
  ): Promise<Locked | 'withdrawn'> {
    const side = memberSide(caller);
    await requireMemberReader(tx, caller);
    const suggestion = await repo.lockSuggestion(tx, id);
    const request = await repo.lockRequest(tx, id);
    if (!request) {
      if (suggestion && isSuggestionParty(caller.id, suggestion)) return 'withdrawn';
      throw notFound();
    }
    const role = roleIn(caller.id, request);
    if (!role) throw notFound();
    if (opts.needsSuggestion && !suggestion)
      throw badRequest('CONFLICT', connectionTexts.originalSuggestionMissing);
    return { side, suggestion, request, role };
  }

  /** What the CRM's deal mapping needs of every connection event (spec 000 §4). */
  function dealPayload(
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

  /** Publishes a connection event: the deal payload and what the event type adds to it. */
  async function connectionEvent<T extends ConnectionEventType>(
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
  async function transition(
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

  const requireRecipient = (l: Locked) => {
    if (l.role !== 'recipient') throw new AppError('FORBIDDEN', connectionTexts.onlyRecipient);
  };
  /** Accept, deny and dismiss answer an open request only. */
  const requireOpen = (r: repo.RequestRow) => {
    if (r.accepted) throw conflict(connectionTexts.alreadyAccepted);
    if (r.notInterested || r.dismissed) throw conflict(connectionTexts.notOpen);
  };
  const requireConnected = (r: repo.RequestRow) => {
    if (!r.accepted) throw conflict(connectionTexts.notConnected);
  };
  const live = (tx: Executor, r: repo.RequestRow, topics: Parameters<typeof publishLive>[2]) =>
    publishLive(tx, [r.expertId, r.companyId], topics);

  /** Approval hook: the expert's requests held while pending go out now (spec 000 §4, Approve). */
  const releasePendingRequests: ExpertApprovedHook = async (tx, expertId) => {
    const released = await repo.releasePending(tx, expertId);
    for (const r of released) {
      await createNotification(tx, {
        userId: r.companyId,
        kind: 'request_received',
        requestId: r.id,
        suggestionId: r.id,
      });
      const score = await matchingRepo.findScore(tx, r.expertId, r.companyId);
      await publishEvent(tx, {
        type: 'connection.released',
        userId: expertId,
        payload: { ...dealPayload(r, r, expertId), message: r.message, score },
      });
    }
    if (released.length > 0) {
      await publishLive(
        tx,
        [expertId, ...released.map((r) => r.companyId)],
        ['connections', 'notifications'],
      );
    }
  };

  return {
    releasePendingRequests,

    /**
     * Sends a connection request from one of the caller's suggestions (spec 000 §4 step 1–2). The counterpart
     * must be published; the caller must be published, or an expert awaiting approval (the request is then held,
     * `isPending`, until the approval). Repeating it answers the pair's existing request (`created: false`).
     */
    async send(
      caller: Caller,
      body: { suggestionId: string; message: string },
    ): Promise<{ request: ConnectionRequest; created: boolean }> {
      const side = memberSide(caller);
      // No read check first: a sender must be published or an expert awaiting approval (refused below with
      // its own message), which the read-access rules allow; the answer is read through `viewOf`, which checks.
      const created = await db.transaction(async (tx) => {
        const s = await repo.lockSuggestion(tx, body.suggestionId);
        if (!s || (side === 'expert' ? s.expertId : s.companyId) !== caller.id) {
          throw badRequest(
            'CONFLICT',
            side === 'expert'
              ? connectionTexts.noSuggestionForExpert
              : connectionTexts.noSuggestionForCompany,
          );
        }
        const existing = await repo.lockRequest(tx, s.id);
        if (existing) {
          // A company is not shown an expert's request held for approval: the expert is not available yet.
          if (!roleIn(caller.id, existing)) throw conflict(connectionTexts.counterpartUnavailable);
          return false;
        }
        const recipientSide: ProfileType = side === 'expert' ? 'company' : 'expert';
        const recipientId = side === 'expert' ? s.companyId : s.expertId;
        const mine = await repo.lockProfileState(tx, side, caller.id);
        const theirs = await repo.lockProfileState(tx, recipientSide, recipientId);
        if (!theirs?.published) throw conflict(connectionTexts.counterpartUnavailable);
        const isPending = !mine?.published;
        if (isPending && !(side === 'expert' && mine?.pending))
          throw conflict(connectionTexts.senderNotPublished);

        const dealId = await repo.markSuggestionRequested(tx, s.id, newId());
        const row = {
          id: s.id,
          expertId: s.expertId,
          companyId: s.companyId,
          requestedBy: requesterKindOf(side),
          message: body.message.trimEnd(),
          isPending,
          requestSentAt: now(),
        };
        // The suggestion's lock makes a second send wait and find this request; the conflict clause is the
        // database's own guarantee of one request per suggestion and pair.
        if (!(await repo.insertRequest(tx, row))) return false;
        const request = (await repo.lockRequest(tx, s.id))!;
        if (!isPending) {
          await createNotification(tx, {
            userId: recipientId,
            kind: 'request_received',
            requestId: s.id,
            suggestionId: s.id,
          });
        }
        const score = await matchingRepo.findScore(tx, s.expertId, s.companyId);
        await connectionEvent(tx, 'connection.requested', request, { dealId }, caller.id, {
          message: request.message,
          score,
        });
        await live(tx, request, ['connections', 'suggestions', 'notifications']);
        return true;
      });
      if (created) afterCommit();
      return { request: await viewOf(db, caller, body.suggestionId), created };
    },

    /**
     * The recipient accepts: connected now, contact details shared both ways (derived from `accepted`), the
     * sender notified; a company accepting adds itself to the expert's connected company ids.
     */
    accept(caller: Caller, id: string): Promise<ConnectionRequest> {
      return transition(caller, id, { needsSuggestion: true }, async (tx, l) => {
        requireRecipient(l);
        requireOpen(l.request);
        const r = await repo.updateRequest(tx, id, { accepted: true, connectedOn: now(), seen: true });
        if (l.side === 'company') await repo.appendConnectedCompany(tx, r.expertId, r.companyId);
        await createNotification(tx, {
          userId: senderIdOf(r),
          kind: 'request_accepted',
          requestId: id,
          suggestionId: id,
        });
        await connectionEvent(tx, 'connection.accepted', r, l.suggestion, caller.id, {});
        await live(tx, r, ['connections', 'notifications']);
        return true;
      });
    },

    /** The recipient declines: not interested and seen; the sender is not told (spec 000 §2). */
    deny(caller: Caller, id: string): Promise<ConnectionRequest> {
      return transition(caller, id, { needsSuggestion: false }, async (tx, l) => {
        requireRecipient(l);
        requireOpen(l.request);
        const r = await repo.updateRequest(tx, id, { notInterested: true, seen: true });
        await connectionEvent(tx, 'connection.denied', r, l.suggestion, caller.id, {
          lostReason: declineLostReason(r.requestedBy),
        });
        // Only the recipient's views change: the sender is not told.
        await publishLive(tx, [caller.id], ['connections']);
        return false;
      });
    },

    /** The recipient clears the request from their dashboard (`dismissed`). */
    dismiss(caller: Caller, id: string): Promise<ConnectionRequest> {
      return transition(caller, id, { needsSuggestion: false }, async (tx, l) => {
        requireRecipient(l);
        requireOpen(l.request);
        const r = await repo.updateRequest(tx, id, { dismissed: true });
        await connectionEvent(tx, 'connection.dismissed', r, l.suggestion, caller.id, {
          lostReason: declineLostReason(r.requestedBy),
        });
        // Only the recipient's views change: the sender is not told.
        await publishLive(tx, [caller.id], ['connections']);
        return false;
      });
    },

    /** The recipient has looked at the request (the dashboard's "new" mark goes). */
    markSeen(caller: Caller, id: string): Promise<ConnectionRequest> {
      return transition(caller, id, { needsSuggestion: false }, async (tx, l) => {
        requireRecipient(l);
        if (!l.request.seen) await repo.updateRequest(tx, id, { seen: true });
        return false;
      });
    },

    /**
     * The sender takes a request back before it is accepted: the request is deleted (its notifications with it)
     * and the suggestion is open again. A request already gone answers `cancelled: false`.
     */
    async cancel(caller: Caller, id: string): Promise<{ cancelled: boolean }> {
      const cancelled = await db.transaction(async (tx) => {
        const l = await lockFor(tx, caller, id, { needsSuggestion: false });
        if (l === 'withdrawn') return false;
        if (l.role !== 'sender') throw new AppError('FORBIDDEN', connectionTexts.onlySender);
        if (l.request.accepted) throw conflict(connectionTexts.alreadyAccepted);
        await repo.deleteRequest(tx, id);
        if (l.suggestion) await repo.clearSuggestionRequested(tx, id);
        await connectionEvent(tx, 'connection.cancelled', l.request, l.suggestion, caller.id, {
          lostReason: cancelLostReason(l.request.requestedBy),
        });
        await live(tx, l.request, ['connections', 'suggestions', 'notifications']);
        return true;
      });
      return { cancelled };
    },

    /**
     * A party closes the connection without a review (spec 000 §4: "Closing a review without submitting closes
     * the request as not rated"): their own close is recorded, which ends their review prompt only; the other
     * party's prompt stays until they review or close themselves. The first close also sets the connection's
     * `closed` and `closedOn`. A party closing again changes nothing.
     */
    close(caller: Caller, id: string): Promise<ConnectionRequest> {
      return transition(caller, id, { needsSuggestion: true }, async (tx, l) => {
        requireConnected(l.request);
        const mine = l.side === 'expert' ? 'expertClosedOn' : 'companyClosedOn';
        if (l.request[mine]) return false;
        const at = now();
        const first = !l.request.closed;
        const r = await repo.updateRequest(tx, id, {
          [mine]: at,
          ...(first ? { closed: true, closedOn: at } : {}),
        });
        await connectionEvent(tx, 'connection.closed', r, l.suggestion, caller.id, {
          side: l.side,
          connectionClosed: first,
          surveyed: r.expertCompletedSurvey || r.companyCompletedSurvey,
        });
        await live(tx, r, ['connections']);
        return false;
      });
    },

    /**
     * A party's review of a connection, once per side: their completed flag, rating and comment are stored, and
     * the rated member's average and count take the rating in (the domain's running mean).
     */
    survey(caller: Caller, id: string, body: SurveyBody): Promise<ConnectionRequest> {
      return transition(caller, id, { needsSuggestion: true }, async (tx, l) => {
        requireConnected(l.request);
        if (hasReviewed(l.request, l.side)) throw conflict(connectionTexts.surveyAlreadySubmitted);
        const comment = body.comment?.trim() || null;
        const r = await repo.updateRequest(
          tx,
          id,
          l.side === 'expert'
            ? { expertCompletedSurvey: true, ventureRating: body.rating, expertComment: comment }
            : { companyCompletedSurvey: true, expertRating: body.rating, companyComment: comment },
        );
        const ratedSide: ProfileType = l.side === 'expert' ? 'company' : 'expert';
        const ratedId = ratedSide === 'expert' ? r.expertId : r.companyId;
        const current = await repo.lockRating(tx, ratedSide, ratedId);
        if (current) await repo.setRating(tx, ratedSide, ratedId, addRating(current, body.rating));
        await connectionEvent(tx, 'survey.submitted', r, l.suggestion, caller.id, {
          rating: body.rating,
          ratedId,
          ratedKind: ratedSide,
        });
        await live(tx, r, ['connections']);
        return false;
      });
    },

    /** One of the caller's requests. */
    get(caller: Caller, id: string): Promise<ConnectionRequest> {
      return viewOf(db, caller, id);
    },

    /** The caller's buckets (spec 000 §4) and the hosted survey form of their role, if one is configured. */
    async buckets(caller: Caller): Promise<ConnectionBuckets> {
      const me = await viewingMember(db, caller);
      const rows = await repo.listRequestsOf(db, me.side, me.id);
      const forms = SurveyFormsSchema.parse(
        (await matchingRepo.readSetting(db, surveyFormsSettingKey)) ?? {},
      );
      return { ...toBuckets(rows, me), surveyFormUrl: forms[me.side] ?? null };
    },

    /**
     * A meeting invite (.ics) from the caller to the other party of an accepted request: one hour from the next
     * whole hour (UTC), both e-mail addresses required (the spec's `Invalid Email`).
     */
    async invite(caller: Caller, id: string): Promise<{ fileName: string; calendar: string }> {
      const me = await viewingMember(db, caller);
      const row = await repo.findRequestOf(db, me.side, me.id, id);
      if (!row || !roleIn(me.id, row.request)) throw notFound();
      const r = row.request;
      requireConnected(r);
      const otherId = me.side === 'expert' ? r.companyId : r.expertId;
      const emails = await repo.contactEmails(db, [me.id, otherId]);
      const valid = validInviteEmails([emails.get(me.id), emails.get(otherId)]);
      if (!valid) throw badRequest('VALIDATION_FAILED', connectionTexts.invalidEmail);
      const names = await repo.pairNames(db, r.expertId, r.companyId);
      const [myName, otherName] =
        me.side === 'expert' ? [names.expert, names.company] : [names.company, names.expert];
      const at = now();
      const { start, end } = meetingSlot(at);
      return {
        fileName: 'intergen-meeting.ics',
        calendar: inviteCalendar({
          uid: `${r.id}@intergen`,
          title: meetingTitle(names.expert, names.company),
          details: meetingDetails(names.expert, names.company),
          organizer: { name: myName, email: valid[0]! },
          attendee: { name: otherName, email: valid[1]! },
          start,
          end,
          stamp: at,
        }),
      };
    },
  };
}

export type ConnectionsService = ReturnType<typeof createConnectionsService>;
