/**
 * The network module: the one owner of `network_requests`. My Network, expert to expert (spec 000 §4): request,
 * accept, decline, cancel, the member's network and the search for advisors of the same companies; and what a
 * network request ties together (a relationship source of the read-access policy).
 */
export {
  type MemberNetworkRow,
  networkRequestsOfMember,
  purgeMemberNetwork,
} from './member-data.repository.ts';
export { networkRelationship } from './network.relationships.ts';
export { createNetworkService, type NetworkService } from './network.service.ts';
