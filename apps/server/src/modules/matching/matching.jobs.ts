import type { OutboxHandler } from '../../outbox/outbox.ts';
import { type MatchingService, matchingRequestOf } from './matching.service.ts';
import { matchingProfileTopic, matchingRunTopic } from './matching.topics.ts';

/** Outbox handlers of the matching topics. Both are idempotent: delivery is at least once. */
export function matchingJobHandlers(matching: MatchingService): Record<string, OutboxHandler> {
  return {
    [matchingProfileTopic.name]: matchingProfileTopic.handler(async (message) => {
      const request = matchingRequestOf(message);
      if (!request) return;
      await matching.matchProfile(request.profileId, { suggest: request.suggest, eventId: message.eventId });
    }),
    [matchingRunTopic.name]: matchingRunTopic.handler(async ({ runId }, job) => {
      await matching.runBatch(runId, { attempts: job.attempts });
    }),
  };
}
