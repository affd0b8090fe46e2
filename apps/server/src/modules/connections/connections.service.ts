import { bindContext } from '../../lib/use-case.ts';
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
  const use = bindContext(ctx);
  return {
    releasePendingRequests: use(releasePendingRequests) satisfies ExpertApprovedHook,
    send: use(sendRequest),
    accept: use(acceptRequest),
    deny: use(denyRequest),
    dismiss: use(dismissRequest),
    markSeen: use(markRequestSeen),
    markManySeen: use(markRequestsSeen),
    cancel: use(cancelRequest),
    close: use(closeConnection),
    survey: use(submitSurvey),
    get: use(getRequest),
    buckets: use(listBuckets),
    invite: use(meetingInvite),
  };
}

export type ConnectionsService = ReturnType<typeof createConnectionsService>;
