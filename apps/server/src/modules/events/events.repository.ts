import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { domainEvents } from '../../db/schema.ts';

export type DomainEventRow = typeof domainEvents.$inferSelect;

/** Appends one event row and returns its id. */
export async function insertEvent(
  ex: Executor,
  event: { type: string; userId: string; payload: Record<string, unknown> },
): Promise<number> {
  const rows = await ex.insert(domainEvents).values(event).returning({ id: domainEvents.id });
  return rows[0]!.id;
}

/** The events about one member, oldest first. */
export async function listEventsOfUser(ex: Executor, userId: string): Promise<DomainEventRow[]> {
  return ex.select().from(domainEvents).where(eq(domainEvents.userId, userId)).orderBy(asc(domainEvents.id));
}
