import { bindContext } from '../../lib/use-case.ts';
import { cancelNetworkRequest } from './cancel.ts';
import { type NetworkServiceDeps, networkContext } from './network.context.ts';
import { requestToNetwork } from './request.ts';
import { acceptNetworkRequest, declineNetworkRequest } from './respond.ts';
import { networkOverview, searchAdvisors } from './views.ts';

/**
 * My Network (spec 000 §4, 001 §6/§8): request, accept, decline, cancel, the caller's network and the search.
 * Every transition runs in one transaction that locks the request's row, so concurrent answers run one after the
 * other and the loser sees the winner's state; a duplicate request is refused by the database's unique index.
 */
export function createNetworkService(deps: NetworkServiceDeps) {
  const ctx = networkContext(deps);
  const use = bindContext(ctx);
  return {
    request: use(requestToNetwork),
    accept: use(acceptNetworkRequest),
    decline: use(declineNetworkRequest),
    cancel: use(cancelNetworkRequest),
    overview: use(networkOverview),
    advisors: use(searchAdvisors),
  };
}

export type NetworkService = ReturnType<typeof createNetworkService>;
