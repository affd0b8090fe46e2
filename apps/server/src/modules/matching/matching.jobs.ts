import type { OutboxHandler } from '../../outbox/outbox.ts';
import type { DomainEventMessage } from '../events/index.ts';
import {
  MATCHING_PROFILE_TOPIC,
  MATCHING_RUN_TOPIC,
  type MatchingService,
  matchingRequestOf,
} from './matching.service.ts';

/** Outbox handlers of the matching topics. Both are idempotent: delivery is at least once. */
export function matchingJobHandlers(matching: MatchingService): Record<string, OutboxHandler> {
  return {
    [MATCHING_PROFILE_TOPIC]: async (job) => {
      const message = job.payload as unknown as DomainEventMessage;
      const request = matchingRequestOf(message);
      if (!request) return;
      await matching.matchProfile(request.profileId, { suggest: request.suggest, eventId: message.eventId });
    },
    [MATCHING_RUN_TOPIC]: async (job) => {
      const runId = job.payload.runId;
      if (typeof runId !== 'string') return;
      await matching.runBatch(runId, { attempts: job.attempts });
    },
  };
}
