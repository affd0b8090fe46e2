import type { CreateSuggestionResponse, MatchCandidate, MatchExplanation } from '@intergen/contracts';
import {
  type CompanyMatchFacets,
  deriveProfileStatus,
  type ExpertMatchFacets,
  matchingTexts,
  type ProfileType,
} from '@intergen/domain';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import * as members from '../members/index.ts';
import { createSuggestionIn, type MatchingContext } from './matching.context.ts';
import { explanationOf } from './matching.model.ts';

/** Options an admin picker shows at most. */
const CANDIDATE_LIMIT = 20;

const expertMissing = (id: string) => new AppError('NOT_FOUND', matchingTexts.expertMissing(id));
const companyMissing = (id: string) => new AppError('NOT_FOUND', matchingTexts.companyMissing(id));

/** The pair's members for the admin: each must exist with the right kind. */
async function pairOf(ex: Executor, expertId: string, companyId: string) {
  const expert = await members.findMatchingMember(ex, expertId);
  if (expert?.kind !== 'expert') throw expertMissing(expertId);
  const company = await members.findMatchingMember(ex, companyId);
  if (company?.kind !== 'company') throw companyMissing(companyId);
  return { expert, company };
}

/**
 * An admin's suggestion (spec 001 §5): the expert must exist and be published or pending, the company exist
 * and be published; a pair that already has one is silently ignored (`created: false`, same id).
 */
export async function createSuggestion(
  ctx: MatchingContext,
  adminId: string,
  body: { expertId: string; companyId: string },
): Promise<CreateSuggestionResponse> {
  const { db, afterCommit } = ctx;
  const result = await db.transaction(async (tx) => {
    const { expert, company } = await pairOf(tx, body.expertId, body.companyId);
    if (!expert.published && !expert.pending) {
      throw new AppError('INVALID_STATE', matchingTexts.expertNotPublished);
    }
    if (!company.published) throw new AppError('INVALID_STATE', matchingTexts.companyIncomplete);
    // Before the suggestion is written: the lock order every suggestion-making transaction takes.
    await members.lockSuggestionMembers(tx, [expert.id], [company.id]);
    const explanation = explanationOf(
      expert.facets as ExpertMatchFacets,
      company.facets as CompanyMatchFacets,
    );
    const made = await createSuggestionIn(ctx, tx, {
      expertId: expert.id,
      companyId: company.id,
      score: explanation.score,
      position: 0,
      createdBy: adminId,
    });
    if (made.created) {
      await recordAudit(tx, {
        actorId: adminId,
        action: 'suggestion.create',
        target: made.id,
        details: { expertId: expert.id, companyId: company.id, score: explanation.score },
      });
    }
    return { suggestionId: made.id, created: made.created, explanation };
  });
  if (result.created) afterCommit();
  return result;
}

/** The score of a pair and why, before an admin creates the suggestion. */
export async function previewSuggestion(
  ctx: MatchingContext,
  expertId: string,
  companyId: string,
): Promise<MatchExplanation> {
  const { expert, company } = await pairOf(ctx.db, expertId, companyId);
  return explanationOf(expert.facets as ExpertMatchFacets, company.facets as CompanyMatchFacets);
}

/** Picker options: experts published or pending, companies published, by name. */
export async function suggestionCandidates(
  ctx: MatchingContext,
  kind: ProfileType,
  search: string | undefined,
): Promise<MatchCandidate[]> {
  const rows = await members.listCandidates(
    ctx.db,
    kind,
    search?.trim().toLowerCase() || undefined,
    CANDIDATE_LIMIT,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    companyName: r.companyName,
    status: deriveProfileStatus({
      profilePublished: r.published,
      profilePending: r.pending,
      profileComplete: true,
      pausedDate: null,
      deactivatedDate: null,
      disableReason: null,
    }),
  }));
}
