import type { DismissSuggestionBody, Suggestion } from '@intergen/contracts';
import {
  type CompanyMatchFacets,
  type ExpertMatchFacets,
  matchingTexts,
  type ProfileType,
  profileTexts,
} from '@intergen/domain';
import type { Caller } from '../../http/caller.ts';
import { AppError } from '../../lib/errors.ts';
import { publishAdminLive } from '../live/index.ts';
import * as members from '../members/index.ts';
import type { MatchingContext } from './matching.context.ts';
import { explanationOf, toProfileCard } from './matching.model.ts';
import { memberSide } from './matching.policy.ts';
import * as repo from './matching.repository.ts';
import { readOpenSuggestions } from './suggestions.read-model.ts';

const suggestionNotFound = () => new AppError('NOT_FOUND', matchingTexts.suggestionNotFound);

/**
 * The caller's suggestions: not requested, not dismissed by the caller, counterpart still published;
 * newest first, each with the counterpart's card and why they match (from both profiles as they are now).
 */
export async function listSuggestions(ctx: MatchingContext, caller: Caller): Promise<Suggestion[]> {
  const { db } = ctx;
  const side = memberSide(caller);
  // The caller's state as the session lookup read it (no round trip), when it did.
  await members.requireMemberReader(db, caller, caller.member);
  const me = caller.member
    ? members.matchingMemberOf(caller.member)
    : await members.findMatchingMember(db, caller.id);
  if (!me) return [];
  const other: ProfileType = side === 'expert' ? 'company' : 'expert';
  // The suggestions and their counterparts in one statement.
  const open = await readOpenSuggestions(db, side, me.id);
  const notInterested = new Set(me.notInterested);
  const rows = open.flatMap(({ suggestion, counterpart: c }) => {
    const otherId = side === 'expert' ? suggestion.companyId : suggestion.expertId;
    caller.reads?.add(otherId);
    return c.published && !notInterested.has(otherId) ? [{ suggestion, card: c.card, facets: c.facets }] : [];
  });
  return rows.map(({ suggestion: s, card, facets }) => ({
    id: s.id,
    expertId: s.expertId,
    companyId: s.companyId,
    createdAt: s.createdAt.getTime(),
    requestSent: s.requestSent,
    counterpart: toProfileCard(other, card),
    explanation:
      side === 'expert'
        ? explanationOf(me.facets as ExpertMatchFacets, facets as CompanyMatchFacets)
        : explanationOf(facets as ExpertMatchFacets, me.facets as CompanyMatchFacets),
  }));
}

/**
 * Dismisses a suggestion (an expert sets `notInterested`, a company `notInterestedByCompany`), or without
 * a suggestion id puts the member on the caller's not-interested list. Either way the pair is never
 * suggested again automatically; `suggestion.dismissed` is published when something changed.
 */
export async function dismissSuggestion(
  ctx: MatchingContext,
  caller: Caller,
  body: DismissSuggestionBody,
): Promise<{ changed: boolean }> {
  const { db, publishEvent } = ctx;
  const side = memberSide(caller);
  return db.transaction(async (tx) => {
    await members.requireMemberReader(tx, caller);
    if (body.suggestionId) {
      const s = await repo.findSuggestion(tx, body.suggestionId);
      if (!s || (side === 'expert' ? s.expertId : s.companyId) !== caller.id) throw suggestionNotFound();
      const changed = await repo.markSuggestionDismissed(tx, s.id, side);
      if (changed) {
        await publishAdminLive(tx, ['adminSuggestions']);
        await publishEvent(tx, {
          type: 'suggestion.dismissed',
          userId: caller.id,
          payload: {
            suggestionId: s.id,
            expertId: s.expertId,
            companyId: s.companyId,
            counterpartId: side === 'expert' ? s.companyId : s.expertId,
            dismissedBy: side,
          },
        });
      }
      return { changed };
    }
    const counterpartId = body.counterpartId!;
    const other = await members.findMatchingMember(tx, counterpartId);
    if (!other || other.id === caller.id || (side === 'company' && other.kind !== 'expert')) {
      throw new AppError('NOT_FOUND', profileTexts.profileNotFound);
    }
    const list: members.NotInterestedList =
      side === 'company'
        ? 'company.experts'
        : other.kind === 'company'
          ? 'expert.companies'
          : 'expert.experts';
    const changed = await members.appendNotInterested(tx, list, caller.id, other.id);
    if (changed) {
      const pair =
        other.kind === side
          ? null
          : side === 'expert'
            ? { expertId: caller.id, companyId: other.id }
            : { expertId: other.id, companyId: caller.id };
      const suggestion = pair ? await repo.findSuggestionByPair(tx, pair.expertId, pair.companyId) : null;
      await publishEvent(tx, {
        type: 'suggestion.dismissed',
        userId: caller.id,
        payload: {
          suggestionId: suggestion?.id ?? null,
          ...(pair ?? {}),
          counterpartId: other.id,
          dismissedBy: side,
        },
      });
    }
    return { changed };
  });
}
