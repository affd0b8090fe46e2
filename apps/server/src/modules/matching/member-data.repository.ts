import { eq, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { matchScores, matchSuggestions } from '../../db/schema.ts';

/** A member's own rows of matching's tables, for their data export and their account's deletion. */

export type MemberSuggestionRow = typeof matchSuggestions.$inferSelect;
export type MemberScoreRow = typeof matchScores.$inferSelect;

/** Every suggestion the member is a side of, newest first. */
export function suggestionsOfMember(ex: Executor, userId: string): Promise<MemberSuggestionRow[]> {
  return ex
    .select()
    .from(matchSuggestions)
    .where(or(eq(matchSuggestions.expertId, userId), eq(matchSuggestions.companyId, userId)))
    .orderBy(matchSuggestions.createdAt);
}

/** Every score of a pair the member is in. */
export function scoresOfMember(ex: Executor, userId: string): Promise<MemberScoreRow[]> {
  return ex
    .select()
    .from(matchScores)
    .where(or(eq(matchScores.expertId, userId), eq(matchScores.companyId, userId)))
    .orderBy(matchScores.id);
}

/**
 * Deletes the member's suggestions (their requests and notifications go with them by foreign key) and scores,
 * in the deletion's transaction. Returns the other members of the deleted suggestions, whose lists change.
 */
export async function purgeMemberMatching(ex: Executor, userId: string): Promise<string[]> {
  const gone = await ex
    .delete(matchSuggestions)
    .where(or(eq(matchSuggestions.expertId, userId), eq(matchSuggestions.companyId, userId)))
    .returning({ expertId: matchSuggestions.expertId, companyId: matchSuggestions.companyId });
  await ex.delete(matchScores).where(or(eq(matchScores.expertId, userId), eq(matchScores.companyId, userId)));
  return gone.map((s) => (s.expertId === userId ? s.companyId : s.expertId));
}
