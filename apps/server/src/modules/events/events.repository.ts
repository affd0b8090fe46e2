import type { Executor } from '../../db/client.ts';
import { domainEvents } from '../../db/schema.ts';

/** Appends one event row and returns its id. */
export async function insertEvent(
  ex: Executor,
  event: { type: string; userId: string; payload: Record<string, unknown>; createdAt?: Date },
): Promise<number> {
  const rows = await ex.insert(domainEvents).values(event).returning({ id: domainEvents.id });
  return rows[0]!.id;
}
