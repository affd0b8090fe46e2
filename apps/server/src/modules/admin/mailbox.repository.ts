import { desc, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { mailbox } from '../../db/schema.ts';

/** A page of the embedded mailbox, newest first, older than `before` (ms) when given. */
export async function listMail(ex: Executor, opts: { before?: number | undefined; limit: number }) {
  const rows = await ex
    .select({ id: mailbox.id, to: mailbox.to, subject: mailbox.subject, createdAt: mailbox.createdAt })
    .from(mailbox)
    .where(opts.before ? lt(mailbox.createdAt, new Date(opts.before)) : undefined)
    .orderBy(desc(mailbox.createdAt), desc(mailbox.id))
    .limit(opts.limit + 1);
  return { rows: rows.slice(0, opts.limit), hasMore: rows.length > opts.limit };
}

export async function findMail(ex: Executor, id: string) {
  const rows = await ex.select().from(mailbox).where(eq(mailbox.id, id));
  return rows[0] ?? null;
}
