import { stalledDealDays } from '@intergen/domain';
import { bindContext } from '../../lib/use-case.ts';
import { type OutboxHandler, RetryLaterError } from '../../outbox/outbox.ts';
import {
  type CrmServiceDeps,
  contactExists,
  createDeal,
  createNetworkDeal,
  crmContext,
  hasContactProfileType,
  memberByEmail,
  syncContact,
  updateDeal,
} from './crm.service.ts';
import { crmContactTopic, crmEventTopic } from './crm.topics.ts';
import { auditProxyWrite, connectionDealParties } from './proxy-audit.ts';
import { applyCrmEvent } from './sync.ts';
import {
  type BoardContext,
  contactList,
  deadDeliveries,
  dealBoard,
  dealDetail,
  moveBoardDeal,
  retryDelivery,
} from './views.ts';

/** The board's clock and its days-without-movement setting (the settings module's reader); defaults for tests. */
export interface CrmBoardDeps {
  now?: () => Date;
  stalledDealDays?: () => Promise<number>;
}

/** The CRM service: the mirror's handlers, the proxy's operations and the admin's views, over one gateway. */
export function createCrmService(deps: CrmServiceDeps & CrmBoardDeps) {
  const ctx = crmContext(deps);
  const use = bindContext(ctx);
  const board = bindContext<BoardContext>({
    ...ctx,
    now: deps.now ?? (() => new Date()),
    stalledDealDays: deps.stalledDealDays ?? (async () => stalledDealDays.default),
  });
  return {
    gateway: ctx.gateway.name,
    applyEvent: use(applyCrmEvent),
    syncContact: use(syncContact),
    createDeal: use(createDeal),
    updateDeal: use(updateDeal),
    createNetworkDeal: use(createNetworkDeal),
    contactExists: use(contactExists),
    hasContactProfileType: use(hasContactProfileType),
    memberByEmail: use(memberByEmail),
    auditProxyWrite: use(auditProxyWrite),
    connectionDealParties: use(connectionDealParties),
    board: board(dealBoard),
    deal: board(dealDetail),
    moveDeal: board(moveBoardDeal),
    contacts: use(contactList),
    deliveries: use(deadDeliveries),
    retryDelivery: use(retryDelivery),
  };
}

export type CrmService = ReturnType<typeof createCrmService>;

/** What became of one try at a CRM delivery: done, told to wait (a rate limit), or failed (retried or parked). */
export type CrmDeliveryOutcome = 'delivered' | 'rate_limited' | 'failed';

/** Tells `onOutcome` what became of each run of `handler`. */
function observed(handler: OutboxHandler, onOutcome: (outcome: CrmDeliveryOutcome) => void): OutboxHandler {
  return async (job) => {
    try {
      await handler(job);
    } catch (error) {
      onOutcome(error instanceof RetryLaterError ? 'rate_limited' : 'failed');
      throw error;
    }
    onOutcome('delivered');
  };
}

/**
 * The outbox handlers of the CRM's topics: a domain event's step, a member's full contact update. `onOutcome`
 * hears of each delivery's outcome (the metrics).
 */
export function crmJobHandlers(
  crm: CrmService,
  onOutcome: (outcome: CrmDeliveryOutcome) => void = () => {},
): Record<string, OutboxHandler> {
  return {
    [crmEventTopic.name]: observed(
      crmEventTopic.handler((event) => crm.applyEvent(event)),
      onOutcome,
    ),
    [crmContactTopic.name]: observed(
      crmContactTopic.handler(async ({ memberId }) => {
        await crm.syncContact(memberId);
      }),
      onOutcome,
    ),
  };
}
