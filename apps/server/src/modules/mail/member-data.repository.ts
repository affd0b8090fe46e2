import { or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { mailbox } from '../../db/schema.ts';

/**
 * Deletes the embedded mailbox's messages about a deleted account: those sent to its address, those that speak of
 * them (`about`: another member's "… sent you a connection request", which quotes their name and message), and
 * those whose links name the member (another member's "request accepted" leads to their profile by id).
 */
export async function purgeMemberMail(ex: Executor, member: { id: string; email: string }): Promise<void> {
  await ex
    .delete(mailbox)
    .where(
      or(
        sql`lower(trim(${mailbox.to})) = ${member.email.trim().toLowerCase()}`,
        sql`${member.id} = ANY(${mailbox.about})`,
        sql`position(${member.id} in ${mailbox.text}) > 0`,
      ),
    );
}
