import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, contactInfo, experts, users } from '../../db/schema.ts';
import type { UserRow } from './users.repository.ts';

/** A member's own records for their data export, and the last step of deleting their account. */

/** The user record, locked for the rest of the transaction (a deletion waits for, and then refuses, a second). */
export async function lockUser(ex: Executor, id: string): Promise<UserRow | null> {
  const [row] = await ex.select().from(users).where(eq(users.id, id)).for('update');
  return row ?? null;
}

/** The member's contact info row as stored, or null. */
export async function contactInfoOf(ex: Executor, userId: string) {
  const [row] = await ex
    .select({
      email: contactInfo.email,
      phone: contactInfo.phone,
      linkedin: contactInfo.linkedin,
      jobTitle: contactInfo.jobTitle,
    })
    .from(contactInfo)
    .where(eq(contactInfo.userId, userId));
  return row ?? null;
}

/** `column = array_remove(column, id)` for the id lists that may name another member. */
const without = (column: unknown, id: string) => sql`array_remove(${column}, ${id})`;
const names = (column: unknown, id: string) => sql`${id} = ANY(${column})`;

/**
 * Deletes the member's user record, profile and contact info (the tables that reference the user cascade), after
 * taking them out of every other member's id lists: not-interested lists, suggested ids and an expert's connected
 * companies. Runs last in the deletion's transaction, once the owning modules have deleted their rows.
 */
export async function purgeMemberRecords(ex: Executor, userId: string): Promise<void> {
  await ex
    .update(experts)
    .set({
      notInterestedCompanies: without(experts.notInterestedCompanies, userId),
      notInterestedExperts: without(experts.notInterestedExperts, userId),
      connectedCompanyIds: without(experts.connectedCompanyIds, userId),
      suggestedCompanyIds: without(experts.suggestedCompanyIds, userId),
    })
    .where(
      sql`${names(experts.notInterestedCompanies, userId)} OR ${names(experts.notInterestedExperts, userId)}
        OR ${names(experts.connectedCompanyIds, userId)} OR ${names(experts.suggestedCompanyIds, userId)}`,
    );
  await ex
    .update(companies)
    .set({
      notInterestedExperts: without(companies.notInterestedExperts, userId),
      suggestedExpertIds: without(companies.suggestedExpertIds, userId),
    })
    .where(
      sql`${names(companies.notInterestedExperts, userId)} OR ${names(companies.suggestedExpertIds, userId)}`,
    );
  await ex.delete(contactInfo).where(eq(contactInfo.userId, userId));
  await ex.delete(experts).where(eq(experts.id, userId));
  await ex.delete(companies).where(eq(companies.id, userId));
  await ex.delete(users).where(eq(users.id, userId));
}
