import type { Database } from '../../db/client.ts';
import { discardOutboxRow, type OutboxActionOutcome, retryOutboxRow } from '../../outbox/admin.ts';
import { recordAudit } from '../audit/index.ts';

/** An admin's action on one outbox row: retry it, or discard it. */
export type OutboxAdminAction = 'retry' | 'discard';

/**
 * Retries or discards one outbox row for an admin, and records it in the audit log (`outbox.retry`,
 * `outbox.discard`, the row's id and topic) in the same transaction: the change and its record commit together,
 * and a refused action records nothing.
 */
export async function actOnOutboxRow(
  database: Database,
  input: { action: OutboxAdminAction; adminId: string; id: number },
): Promise<OutboxActionOutcome> {
  return database.db.transaction(async (tx) => {
    const result =
      input.action === 'retry' ? await retryOutboxRow(tx, input.id) : await discardOutboxRow(tx, input.id);
    if (result.outcome === 'done') {
      await recordAudit(tx, {
        actorId: input.adminId,
        action: `outbox.${input.action}`,
        target: String(input.id),
        details: { topic: result.topic },
      });
    }
    return result;
  });
}
