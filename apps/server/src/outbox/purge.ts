import { and, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { outbox } from '../db/schema.ts';

/**
 * Deletes the outbox rows whose payload names a deleted member (their id or e-mail address): waiting deliveries
 * (mail to them, CRM steps of their deals, matching jobs of their profile) and the record of done, dead or
 * discarded ones, which hold their names and messages. A row a worker holds right now is left to finish: its
 * handler meets the member gone and ends (the CRM and notification handlers check).
 */
export async function purgeOutboxRowsNaming(ex: Executor, needles: readonly string[]): Promise<number> {
  const named = needles.map((n) => n.trim().toLowerCase()).filter((n) => n.length > 0);
  if (named.length === 0) return 0;
  const mentions = or(...named.map((n) => sql`position(${n} in lower(${outbox.payload}::text)) > 0`));
  const notRunning = or(
    ne(outbox.status, 'pending'),
    isNull(outbox.lockedUntil),
    lte(outbox.lockedUntil, sql`now()`),
  );
  const gone = await ex.delete(outbox).where(and(mentions, notRunning)).returning({ id: outbox.id });
  return gone.length;
}
