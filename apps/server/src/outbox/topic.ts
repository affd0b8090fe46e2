import { z } from 'zod';
import { type OutboxHandler, type OutboxJob, type OutboxMessage, PermanentJobError } from './outbox.ts';

/** How one message is delivered, besides its payload (see OutboxMessage). */
export type OutboxMessageOptions = Pick<
  OutboxMessage,
  'idempotencyKey' | 'runAt' | 'maxAttempts' | 'orderingKey' | 'forgetWhenDone'
>;

/** A payload schema: an object, since a row's payload is a JSON object. */
type PayloadSchema = z.ZodType<Record<string, unknown>>;

/** An outbox topic: its name and the schema of its payload, checked when a row is written and when it runs. */
export interface OutboxTopic<S extends PayloadSchema> {
  readonly name: string;
  readonly schema: S;
  /**
   * The outbox message of one payload, for `enqueue`. A payload that does not match the schema is a
   * programming error: it throws, and the caller's transaction rolls back.
   */
  message(payload: z.input<S>, options?: OutboxMessageOptions): OutboxMessage;
  /**
   * The topic's outbox handler: parses the row's payload and calls `fn` with it. A payload that does not parse
   * can never succeed, so the row is parked as dead at once with zod's message as its last error, and `fn` is
   * not called.
   */
  handler(fn: (payload: z.output<S>, job: OutboxJob) => Promise<void>): OutboxHandler;
}

/** Defines an outbox topic. A module defines its topics next to its jobs and registers their handlers in app.ts. */
export function defineTopic<S extends PayloadSchema>(name: string, schema: S): OutboxTopic<S> {
  return {
    name,
    schema,
    message(payload, options = {}) {
      return { topic: name, payload: schema.parse(payload), ...options };
    },
    handler(fn) {
      return async (job) => {
        const parsed = schema.safeParse(job.payload);
        if (!parsed.success) throw new PermanentJobError(z.prettifyError(parsed.error));
        await fn(parsed.data, job);
      };
    },
  };
}
