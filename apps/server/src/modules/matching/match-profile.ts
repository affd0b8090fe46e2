import {
  type CompanyMatchFacets,
  type ExpertMatchFacets,
  packCompanies,
  packExperts,
  scoreCompanyVsExperts,
  scoreExpertVsCompanies,
  topMatches,
} from '@intergen/domain';
import type { Executor } from '../../db/client.ts';
import type { DomainEventMessage } from '../events/index.ts';
import * as members from '../members/index.ts';
import { createSuggestionIn, type MatchingContext, readSettings, SCORE_CHUNK } from './matching.context.ts';
import * as repo from './matching.repository.ts';

/** Writes scores in chunks; returns how many rows changed. */
async function writeScores(ex: Executor, rows: repo.ScoreRow[]): Promise<number> {
  let written = 0;
  for (let i = 0; i < rows.length; i += SCORE_CHUNK) {
    written += await repo.upsertScores(ex, rows.slice(i, i + SCORE_CHUNK));
  }
  return written;
}

/** The scores of one profile against every published counterpart, with who dismissed whom. */
function scoreAgainst(
  member: members.MatchingMember,
  counterparts: members.FacetList<ExpertMatchFacets> | members.FacetList<CompanyMatchFacets>,
): { rows: repo.ScoreRow[]; scores: Uint8Array } {
  const { ids } = counterparts;
  if (member.kind === 'company') {
    const scores = scoreCompanyVsExperts(
      member.facets,
      packExperts(counterparts.facets as ExpertMatchFacets[]),
    );
    return {
      scores,
      rows: ids.map((expertId, i) => ({ expertId, companyId: member.id, score: scores[i]! })),
    };
  }
  const scores = scoreExpertVsCompanies(
    member.facets,
    packCompanies(counterparts.facets as CompanyMatchFacets[]),
  );
  return { scores, rows: ids.map((companyId, i) => ({ expertId: member.id, companyId, score: scores[i]! })) };
}

/**
 * Scores one profile against every published counterpart and writes the changed scores. A published
 * profile or an expert awaiting approval is scored; anything else (paused, unpublished meanwhile) is left.
 * With `suggest`, a published profile also gets suggestions for its best counterparts (settings `matching`:
 * top N with score ≥ min), skipping pairs that have a suggestion or where either side is not interested.
 * The suggestions carry `eventId`, so a second delivery of the same event adds none.
 */
export async function matchProfile(
  ctx: MatchingContext,
  profileId: string,
  opts: { suggest: boolean; eventId: number },
): Promise<{ scored: number; written: number; suggestionsCreated: number }> {
  const { db, afterCommit } = ctx;
  const member = await members.findMatchingMember(db, profileId);
  if (!member || !(member.published || (member.kind === 'expert' && member.pending))) {
    return { scored: 0, written: 0, suggestionsCreated: 0 };
  }
  const counterparts =
    member.kind === 'company'
      ? await members.listPublishedExpertFacets(db, member.id)
      : await members.listPublishedCompanyFacets(db, member.id);
  const { rows, scores } = scoreAgainst(member, counterparts);
  const written = await writeScores(db, rows);
  if (!opts.suggest || !member.published) return { scored: rows.length, written, suggestionsCreated: 0 };

  const created = await db.transaction(async (tx) => {
    if (await repo.hasSuggestionsFromEvent(tx, opts.eventId)) return 0;
    const { topN, minScore } = await readSettings(tx);
    if (topN === 0) return 0;
    const fresh = await members.findMatchingMember(tx, member.id);
    if (!fresh?.published) return 0;
    const taken = await repo.suggestedCounterparts(tx, member.kind, member.id);
    const notInterested = new Set(fresh.notInterested);
    const ids = counterparts.ids;
    const skip = (i: number) =>
      counterparts.dismissed[i] === true || taken.has(ids[i]!) || notInterested.has(ids[i]!);
    const best = topMatches(scores, topN, minScore, skip);
    let made = 0;
    for (const [rank, { index, score }] of best.entries()) {
      const other = ids[index]!;
      const pair =
        member.kind === 'expert'
          ? { expertId: member.id, companyId: other }
          : { expertId: other, companyId: member.id };
      const result = await createSuggestionIn(ctx, tx, {
        ...pair,
        score,
        position: rank + 1,
        createdBy: 'matcher',
        sourceEventId: opts.eventId,
      });
      if (result.created) made++;
    }
    return made;
  });
  if (created > 0) afterCommit();
  return { scored: rows.length, written, suggestionsCreated: created };
}

/** How a domain event asks for matching, for the per-profile job; null when it asks for nothing. */
export function matchingRequestOf(
  message: DomainEventMessage,
): { profileId: string; suggest: boolean } | null {
  if (message.type === 'matching.requested') {
    const { profileId, reason } = message.payload;
    // Suggestions follow a publish or an approval (DESIGN.md §5). An expert's submit (no reason: the expert
    // awaits approval) and a changed field only rescore; so a submit whose job runs after the approval does
    // not add a second set to the approval's.
    return { profileId, suggest: reason === 'published' || reason === 'approved' };
  }
  // Back on the community (unpaused, reactivated): scores against counterparts published meanwhile.
  if (message.type === 'profile.unpaused' || message.type === 'profile.activated') {
    return { profileId: message.payload.profileId, suggest: false };
  }
  return null;
}
