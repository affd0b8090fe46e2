import type { ExpertApprovedHook } from '../profiles/index.ts';
import { cancelRequest } from './cancel.ts';
import { closeConnection, submitSurvey } from './close-and-review.ts';
import { type ConnectionsServiceDeps, connectionsContext } from './connections.context.ts';
import { meetingInvite } from './meeting-invite.ts';
import { releasePendingRequests } from './release.ts';
import { acceptRequest, denyRequest, dismissRequest, markRequestSeen, markRequestsSeen } from './respond.ts';
import { sendRequest } from './send.ts';
import { getRequest, listBuckets } from './views.ts';

/**
 * Connection requests (spec 000 §4, 001 §5): send from a suggestion, accept, deny, dismiss, cancel, close,
 * review; the caller's buckets; meeting invites; and the release of an expert's held requests on approval.
 * Every transition runs in one transaction that locks the suggestion's row, then the request's, so concurrent
 * transitions on one pair run one after the other and the loser sees the winner's state. Each method is a
 * use-case function of this folder, given the context built here once.
 */
export function createConnectionsService(deps: ConnectionsServiceDeps) {
  const ctx = connectionsContext(deps);
  return {
    releasePendingRequests: releasePendingRequests.bind(null, ctx) satisfies ExpertApprovedHook,
    send: sendRequest.bind(null, ctx),
    accept: acceptRequest.bind(null, ctx),
    deny: denyRequest.bind(null, ctx),
    dismiss: dismissRequest.bind(null, ctx),
    markSeen: markRequestSeen.bind(null, ctx),
    markManySeen: markRequestsSeen.bind(null, ctx),
    cancel: cancelRequest.bind(null, ctx),
    close: closeConnection.bind(null, ctx),
    survey: submitSurvey.bind(null, ctx),
    get: getRequest.bind(null, ctx),
    buckets: listBuckets.bind(null, ctx),
    invite: meetingInvite.bind(null, ctx),
  };
}

export type ConnectionsService = ReturnType<typeof createConnectionsService>;
