import { z } from 'zod';
import { defineTopic } from '../../outbox/topic.ts';
import { eventTopic } from '../events/index.ts';

/**
 * The per-profile matching job: receives the domain events that ask for scoring (subscribed in app.ts:
 * `matching.requested`, and a profile coming back to the community).
 */
export const matchingProfileTopic = eventTopic('matching.profile');

/** The admin's full batch: one row per run. */
export const matchingRunTopic = defineTopic('matching.run', z.strictObject({ runId: z.string().min(1) }));
