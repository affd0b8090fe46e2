import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { mailbox } from '../../db/schema.ts';

/**
 * A page of the embedded mailbox, newest first, after the message `before` when given, optionally only the
 * messages whose recipient or subject contains `q`. The cursor is
 * compared as (created_at, id) in SQL, at the database's full timestamp precision, so paging visits every
 * message exactly once even when several share a millisecond.
 */
export async function listMail(
  ex: Executor,
  opts: { before?: string | undefined; q?: string | undefined; limit: number },
) {
  if (opts.before && !(await findMail(ex, opts.before))) return null;
  const rows = await ex
    .select({ id: mailbox.id, to: mailbox.to, subject: mailbox.subject, createdAt: mailbox.createdAt })
    .from(mailbox)
    .where(
      and(
        opts.before
          ? sql`(${mailbox.createdAt}, ${mailbox.id}) < (SELECT m.created_at, m.id FROM mailbox m WHERE m.id = ${opts.before})`
          : undefined,
        // Searched by recipient or subject, literally (no pattern characters).
        opts.q
          ? sql`strpos(lower(${mailbox.to} || ' ' || ${mailbox.subject}), ${opts.q.toLowerCase()}) > 0`
          : undefined,
      ),
    )
    .orderBy(desc(mailbox.createdAt), desc(mailbox.id))
    .limit(opts.limit + 1);
  return { rows: rows.slice(0, opts.limit), hasMore: rows.length > opts.limit };
}

export async function findMail(ex: Executor, id: string) {
  const rows = await ex.select().from(mailbox).where(eq(mailbox.id, id));
  return rows[0] ?? null;
}

/** Stores a message in the embedded mailbox once (a retried delivery stores nothing); returns whether it did. */
export async function insertMail(
  ex: Executor,
  mail: { id: string; to: string; subject: string; text: string; about: readonly string[] },
): Promise<boolean> {
  const inserted = await ex
    .insert(mailbox)
    .values({ id: mail.id, to: mail.to, subject: mail.subject, text: mail.text, about: [...mail.about] })
    .onConflictDoNothing()
    .returning({ id: mailbox.id });
  return inserted.length > 0;
}
