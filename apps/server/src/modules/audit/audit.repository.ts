import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

export type AuditRow = typeof auditLog.$inferSelect;

/** Appends one entry; `created_at` is the transaction's time, like the change it records. */
export async function insertAudit(ex: Executor, row: typeof auditLog.$inferInsert): Promise<void> {
  await ex.insert(auditLog).values(row);
}

/** Whether an entry with this id exists (a page's cursor must name one). */
export async function auditEntryExists(ex: Executor, id: number): Promise<boolean> {
  const [row] = await ex.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.id, id));
  return row !== undefined;
}

/** SQL: the entry's target or details contain `text`, case-insensitively and literally (no pattern characters). */
function mentions(text: string) {
  return sql`strpos(lower(coalesce(${auditLog.target}, '') || ' ' || ${auditLog.details}::text), ${text.toLowerCase()}) > 0`;
}

/**
 * Entries newest first (created_at, then id), optionally of one action, after the entry `afterId` of the previous
 * page: a keyset on (created_at, id) read from that entry, so its microseconds are compared as stored.
 */
export async function listAuditRows(
  ex: Executor,
  opts: {
    action?: string | undefined;
    search?: string | undefined;
    afterId?: number | undefined;
    limit: number;
  },
): Promise<AuditRow[]> {
  return ex
    .select()
    .from(auditLog)
    .where(
      and(
        opts.action ? eq(auditLog.action, opts.action) : undefined,
        opts.search ? mentions(opts.search) : undefined,
        opts.afterId === undefined
          ? undefined
          : sql`(${auditLog.createdAt}, ${auditLog.id}) < (SELECT a.created_at, a.id FROM ${auditLog} a WHERE a.id = ${opts.afterId})`,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(opts.limit);
}
