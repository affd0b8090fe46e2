import { scoreCompanyVsExperts, scoreExpertVsCompanies, topMatches } from '@intergen/domain';
import type { Executor } from '../../db/client.ts';
import type { DomainEventMessage } from '../events/index.ts';
import { publishAdminLive } from '../live/index.ts';
import * as members from '../members/index.ts';
import type { CounterpartStore } from './counterparts.ts';
import {
  createSuggestionIn,
  type MatchingContext,
  readSettings,
  SCORE_CHUNK,
  STORED_SCORE_MINIMUM,
} from './matching.context.ts';
import * as repo from './matching.repository.ts';

/** Writes scores in chunks; returns how many rows changed. */
export async function writeScores(ex: Executor, rows: repo.ScoreRow[]): Promise<number> {
  let written = 0;
  for (let i = 0; i < rows.length; i += SCORE_CHUNK) {
    written += await repo.upsertScores(ex, rows.slice(i, i + SCORE_CHUNK));
  }
  return written;
}

/** The other side's pair with `member`. */
const pairOf = (member: members.MatchingMember, other: string) =>
  member.kind === 'expert'
    ? { expertId: member.id, companyId: other }
    : { expertId: other, companyId: member.id };

/** The scores of one profile against every published counterpart held by the store (in the store's order). */
function scoreAgainst(
  store: CounterpartStore,
  member: members.MatchingMember,
): { ids: string[]; scores: Uint8Array } {
  if (member.kind === 'company') {
    return {
      ids: store.experts.ids.slice(),
      scores: scoreCompanyVsExperts(member.facets, store.experts.packed()),
    };
  }
  return {
    ids: store.companies.ids.slice(),
    scores: scoreExpertVsCompanies(member.facets, store.companies.packed()),
  };
}

/**
 * Writes only what differs from the stored scores: a strong pair (`STORED_SCORE_MINIMUM`) that is new or changed
 * is upserted; a stored pair that is no longer strong is deleted, and so is one whose counterpart is no longer
 * published (nor awaiting approval). Returns how many rows changed.
 */
async function writeChangedScores(
  ex: Executor,
  member: members.MatchingMember,
  ids: readonly string[],
  scores: Uint8Array,
): Promise<number> {
  const stored = await repo.scoresOf(ex, member.kind, member.id);
  const changed: repo.ScoreRow[] = [];
  const weak: { expertId: string; companyId: string }[] = [];
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    const score = scores[i]!;
    const was = stored.get(id);
    if (score >= STORED_SCORE_MINIMUM) {
      if (was !== score) changed.push({ ...pairOf(member, id), score });
    } else if (was !== undefined) {
      weak.push(pairOf(member, id));
    }
    stored.delete(id);
  }
  let written = (await writeScores(ex, changed)) + (await repo.deleteScores(ex, weak));
  if (stored.size > 0) {
    const otherKind = member.kind === 'expert' ? 'company' : 'expert';
    const kept = await members.publishedOrPendingAmong(ex, otherKind, [...stored.keys()]);
    const gone = [...stored.keys()].filter((id) => !kept.has(id)).map((id) => pairOf(member, id));
    written += await repo.deleteScores(ex, gone);
  }
  return written;
}

/**
 * The automatic suggestions of a published profile: its best counterparts (settings `matching`: top N with
 * score ≥ min), skipping pairs that have a suggestion or where either side is not interested. They carry
 * `eventId`, so a second delivery of the same event adds none. Returns how many were made.
 */
async function suggestBest(
  ctx: MatchingContext,
  member: members.MatchingMember,
  scored: { ids: string[]; scores: Uint8Array },
  eventId: number,
): Promise<number> {
  const { db } = ctx;
  const dismissers = await members.dismissersOf(db, member.kind, member.id);
  return db.transaction(async (tx) => {
    if (await repo.hasSuggestionsFromEvent(tx, eventId)) return 0;
    const { topN, minScore } = await readSettings(tx);
    if (topN === 0) return 0;
    const fresh = await members.findMatchingMember(tx, member.id);
    if (!fresh?.published) return 0;
    const taken = await repo.suggestedCounterparts(tx, member.kind, member.id);
    const notInterested = new Set(fresh.notInterested);
    const { ids, scores } = scored;
    const skip = (i: number) => dismissers.has(ids[i]!) || taken.has(ids[i]!) || notInterested.has(ids[i]!);
    const picks = topMatches(scores, topN, minScore, skip);
    if (picks.length === 0) return 0;
    // Every member these suggestions write, locked at once in the one order (members.lockSuggestionMembers).
    const pairs = picks.map(({ index }) => pairOf(member, ids[index]!));
    await members.lockSuggestionMembers(
      tx,
      pairs.map((p) => p.expertId),
      pairs.map((p) => p.companyId),
    );
    let made = 0;
    for (const [rank, { score }] of picks.entries()) {
      const result = await createSuggestionIn(ctx, tx, {
        ...pairs[rank]!,
        score,
        position: rank + 1,
        createdBy: 'matcher',
        sourceEventId: eventId,
      });
      if (result.created) made++;
    }
    return made;
  });
}

/**
 * Scores one profile against every published counterpart (the instance's packed store, made current first)
 * and writes the changed scores. A published profile or an expert awaiting approval is scored; anything else
 * (paused, unpublished meanwhile) is left. With `suggest`, a published profile also gets suggestions — made
 * and committed before the scores are written, so the member sees them without waiting for 100,000 writes.
 */
export async function matchProfile(
  ctx: MatchingContext,
  profileId: string,
  opts: { suggest: boolean; eventId: number },
): Promise<{ scored: number; written: number; suggestionsCreated: number }> {
  const { db, afterCommit, counterparts } = ctx;
  // Before reading the member: every change committed before this job is in the store after this.
  await counterparts.sync();
  const member = await members.findMatchingMember(db, profileId);
  if (!member || !(member.published || (member.kind === 'expert' && member.pending))) {
    return { scored: 0, written: 0, suggestionsCreated: 0 };
  }
  const scored = scoreAgainst(counterparts, member);
  let suggestionsCreated = 0;
  if (opts.suggest && member.published) {
    suggestionsCreated = await suggestBest(ctx, member, scored, opts.eventId);
    if (suggestionsCreated > 0) afterCommit();
  }
  const written = await writeChangedScores(db, member, scored.ids, scored.scores);
  // Once per job, not per chunk or row: admins' score view reads again.
  if (written > 0) await publishAdminLive(db, ['adminScores']);
  return { scored: scored.ids.length, written, suggestionsCreated };
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
