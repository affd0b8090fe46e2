import { stalledDealDays } from '@intergen/domain';
import { z } from 'zod';
import { bindContext } from '../../lib/use-case.ts';
import {
  type OutboxBatchHandler,
  type OutboxHandler,
  type OutboxJob,
  PermanentJobError,
  RetryLaterError,
} from '../../outbox/outbox.ts';
import { applyCrmEvents, type DeliveryOutcomes, syncContacts } from './batch-delivery.ts';
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
    applyEvents: use(applyCrmEvents),
    syncContacts: use(syncContacts),
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

/**
 * A topic's batch handler: each job's payload parsed by the topic's schema (one that does not parse is parked
 * at once, as the single handler does), the parsed ones run together by `run`, each outcome heard by `onOutcome`.
 */
function batchOf<T>(
  schema: z.ZodType<T>,
  run: (deliveries: { trace: string; input: T }[]) => Promise<DeliveryOutcomes>,
  onOutcome: (outcome: CrmDeliveryOutcome) => void,
): OutboxBatchHandler {
  return async (jobs: OutboxJob[]) => {
    const failures = new Map<number, unknown>();
    const deliveries: { trace: string; input: T }[] = [];
    for (const job of jobs) {
      const parsed = schema.safeParse(job.payload);
      if (parsed.success) deliveries.push({ trace: String(job.id), input: parsed.data });
      else failures.set(job.id, new PermanentJobError(z.prettifyError(parsed.error)));
    }
    for (const [trace, error] of await run(deliveries)) failures.set(Number(trace), error);
    for (const job of jobs) {
      const error = failures.get(job.id);
      onOutcome(!error ? 'delivered' : error instanceof RetryLaterError ? 'rate_limited' : 'failed');
    }
    return failures;
  };
}

/**
 * The CRM topics' batch handlers (outbox.ts `batchHandlers`): the claimed jobs of a topic delivered together
 * through the gateway's batch calls (batch-delivery.ts); with the built-in CRM, one by one as before.
 */
export function crmBatchHandlers(
  crm: CrmService,
  onOutcome: (outcome: CrmDeliveryOutcome) => void = () => {},
): Record<string, OutboxBatchHandler> {
  return {
    [crmEventTopic.name]: batchOf(crmEventTopic.schema, (d) => crm.applyEvents(d), onOutcome),
    [crmContactTopic.name]: batchOf(
      crmContactTopic.schema,
      (d) => crm.syncContacts(d.map(({ trace, input }) => ({ trace, input: input.memberId }))),
      onOutcome,
    ),
  };
}
