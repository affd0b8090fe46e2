/**
 * The connections module: the one owner of `connection_requests`. Send, accept, deny, dismiss, cancel, close
 * and review a request on a match suggestion; the members' buckets; meeting invites; and what ties two members
 * together (the relationship source of the read-access policy).
 */
export { relationshipBetween } from './connections.relationships.ts';
export { type ConnectionsService, createConnectionsService } from './connections.service.ts';
export { type ConnectionStageCounts, countConnectionStages } from './funnel.repository.ts';
export { type MemberRequestRow, purgeMemberRequests, requestsOfMember } from './member-data.repository.ts';
export { connectionCounts } from './views.ts';
