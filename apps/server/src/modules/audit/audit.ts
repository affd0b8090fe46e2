import type { AuditEntry, AuditQuery, AuditResponse } from '@intergen/contracts';
import { messages } from '@intergen/domain';
import type { Executor } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { findUserById } from '../members/index.ts';
import * as repo from './audit.repository.ts';

/** One admin action to record: who did it (null: the app itself), what, on what, and its details. */
export interface AuditRecord {
  /** The signed-in admin's user id; null for what the app did on its own (a job, a command). */
  actorId: string | null;
  /** `<module>.<verb>`: `settings.update`, `member.delete`, `outbox.retry` (labels in the domain's `auditActionLabels`). */
  action: string;
  /** What was acted on: a setting's key, a member's id, an outbox row's id. */
  target?: string | null;
  /** JSON; for a change `{ before, after }` of what changed (never secrets: admins read it). */
  details?: Record<string, unknown>;
}

/**
 * Records an admin action in the audit log. Call it with the transaction that makes the change, so the change and
 * its record commit or roll back together.
 */
export async function recordAudit(tx: Executor, record: AuditRecord): Promise<void> {
  // A member acted on is named as they are now (name and e-mail at the time): the log reads, and is searched by
  // e-mail, the same after they change their details or their account is deleted.
  const member = record.target ? await findUserById(tx, record.target) : null;
  await repo.insertAudit(tx, {
    actorId: record.actorId,
    action: record.action,
    target: record.target ?? null,
    details: {
      ...(record.details ?? {}),
      ...(member ? { targetName: member.name, targetEmail: member.email } : {}),
    },
  });
}

/** Who an actor id is now: name and e-mail, or absent when the account is gone. */
export type ActorLookup = (ids: string[]) => Promise<Map<string, { name: string; email: string }>>;

/**
 * A page of the audit log, newest first, each entry with its actor's name and e-mail as they are now (the
 * members module's, through `actorsOf`). An unknown cursor answers 400.
 */
export async function listAudit(
  ex: Executor,
  actorsOf: ActorLookup,
  query: AuditQuery,
): Promise<AuditResponse> {
  const afterId = query.cursor === undefined ? undefined : Number(query.cursor);
  if (afterId !== undefined && !(await repo.auditEntryExists(ex, afterId))) {
    throw badRequest('VALIDATION_FAILED', messages.unknownCursor, [
      { path: 'cursor', message: messages.unknownCursor },
    ]);
  }
  const rows = await repo.listAuditRows(ex, {
    action: query.action,
    search: query.search || undefined,
    afterId,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const actors = await actorsOf([...new Set(page.flatMap((r) => (r.actorId ? [r.actorId] : [])))]);
  const entries: AuditEntry[] = page.map((r) => ({
    id: r.id,
    at: r.createdAt.getTime(),
    actor: r.actorId
      ? {
          id: r.actorId,
          name: actors.get(r.actorId)?.name ?? null,
          email: actors.get(r.actorId)?.email ?? null,
        }
      : null,
    action: r.action,
    target: r.target,
    details: r.details,
  }));
  const last = page[page.length - 1];
  return { entries, nextCursor: rows.length > query.limit && last ? String(last.id) : null };
}
