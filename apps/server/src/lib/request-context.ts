import { AsyncLocalStorage } from 'node:async_hooks';

/** What the work in hand was caused by: the HTTP request's id, or the outbox row's that carried one on. */
interface RequestContext {
  reqId: string | null;
}

const storage = new AsyncLocalStorage<RequestContext>();

/**
 * Runs `fn` (and everything it starts) as work caused by the request `reqId`: outbox rows written meanwhile keep
 * the id, so the worker's log of each job names the request that caused it. Null: caused by no request.
 */
export function runForRequest<T>(reqId: string | null, fn: () => T): T {
  return storage.run({ reqId }, fn);
}

/** The id of the request the work in hand was caused by, or null (a timer, a command, a job of no request). */
export function currentRequestId(): string | null {
  return storage.getStore()?.reqId ?? null;
}
