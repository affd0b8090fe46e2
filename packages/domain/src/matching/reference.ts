import {
  areasOfImprovement,
  arrangements,
  businessTypes,
  companyStages,
  connectionTypes,
  industries,
  yesNo,
} from '../profile-enums.ts';
import type { Flags } from '../profile-rules.ts';
import { matchPartLabels } from '../texts/matching.ts';
import {
  type CompanyMatchFacets,
  type ExpertMatchFacets,
  type MatchExplanationResult,
  type MatchPartKey,
  type MatchPartResult,
  type MatchSharedItem,
  matchScoreMax,
  matchWeights,
} from './facets.ts';

/*
 * The reference scorer (DESIGN.md §5): plain code over the profile objects. The kernel (kernel.ts) must
 * equal it on every pair; the tests hold them together. The formula, fixed to the last bit:
 *
 *   share part  = 0 when the company's set is empty, else weight * |company ∩ expert| / |company|
 *   base        = needs + industry + engagement + stage + arrangement + businessType   (added in this order)
 *   score       = min(100, Math.round(base) + 5 [both investment yes] + 5 [both board yes])
 *
 * A missing or null flags object is the empty set; a flag counts only when it is `true`; keys that are not
 * codes of the enumeration are ignored.
 */

/** The codes whose flag is `true`, in the enumeration's display order. */
function trueCodes<C extends string>(codes: readonly C[], flags: Flags<C> | null | undefined): C[] {
  return flags ? codes.filter((code) => flags[code] === true) : [];
}

/** `weight * shared / total`, or 0 for an empty company set. The kernel's tables use this same expression. */
export function sharePoints(weight: number, shared: number, total: number): number {
  return total === 0 ? 0 : (weight * shared) / total;
}

function sharePart<C extends string>(
  part: MatchPartKey,
  weight: number,
  enumeration: { readonly codes: readonly C[]; readonly labels: Record<C, string> },
  companyFlags: Flags<C> | null | undefined,
  expertFlags: Flags<C> | null | undefined,
): MatchPartResult {
  const wanted = trueCodes(enumeration.codes, companyFlags);
  const shared = wanted.filter((code) => expertFlags?.[code] === true);
  return {
    part,
    label: matchPartLabels[part],
    weight,
    points: sharePoints(weight, shared.length, wanted.length),
    shared: shared.map((code) => ({ code, label: enumeration.labels[code] })),
  };
}

function matchPart(part: MatchPartKey, weight: number, item: MatchSharedItem | null): MatchPartResult {
  return {
    part,
    label: matchPartLabels[part],
    weight,
    points: item ? weight : 0,
    shared: item ? [item] : [],
  };
}

/** The same code on both sides, with its label; null when either side is unset or they differ. */
function sameCode<C extends string>(
  labels: Record<C, string>,
  a: C | null | undefined,
  b: C | null | undefined,
): MatchSharedItem | null {
  return a != null && a === b && Object.hasOwn(labels, a) ? { code: a, label: labels[a] } : null;
}

/** The score of one expert and one company, part by part, with the items both share. */
export function explainMatch(expert: ExpertMatchFacets, company: CompanyMatchFacets): MatchExplanationResult {
  const stage = company.currentStage;
  const stageItem =
    stage != null && Object.hasOwn(companyStages.labels, stage) && expert.currentStage?.[stage] === true
      ? { code: stage, label: companyStages.labels[stage] }
      : null;
  const yes = (a: string | null | undefined, b: string | null | undefined) =>
    a === 'yes' && b === 'yes' ? { code: 'yes', label: yesNo.labels.yes } : null;

  const parts: MatchPartResult[] = [
    sharePart(
      'needs',
      matchWeights.needs,
      areasOfImprovement,
      company.areasOfImprovement,
      expert.areasOfImprovement,
    ),
    sharePart('industry', matchWeights.industry, industries, company.experience, expert.experience),
    sharePart(
      'engagement',
      matchWeights.engagement,
      connectionTypes,
      company.idealEngagement,
      expert.idealEngagement,
    ),
    matchPart('stage', matchWeights.stage, stageItem),
    matchPart(
      'arrangement',
      matchWeights.arrangement,
      sameCode(arrangements.labels, company.arrangement, expert.arrangement),
    ),
    matchPart(
      'businessType',
      matchWeights.businessType,
      sameCode(businessTypes.labels, company.businessType, expert.businessType),
    ),
    matchPart(
      'investment',
      matchWeights.investment,
      yes(company.investmentOpportunities, expert.investmentOpportunities),
    ),
    matchPart('board', matchWeights.board, yes(company.boardOpportunities, expert.boardOpportunities)),
  ];

  let base = 0;
  let bonus = 0;
  for (const p of parts) {
    if (p.part === 'investment' || p.part === 'board') bonus += p.points;
    else base += p.points;
  }
  return { score: Math.min(matchScoreMax, Math.round(base) + bonus), parts };
}

/** Counts the codes flagged `true` in `flags`, and how many of those are also `true` in `other`. */
function overlap<C extends string>(
  codes: readonly C[],
  flags: Flags<C> | null | undefined,
  other: Flags<C> | null | undefined,
): { total: number; shared: number } {
  let total = 0;
  let shared = 0;
  if (flags) {
    for (const code of codes) {
      if (flags[code] !== true) continue;
      total++;
      if (other?.[code] === true) shared++;
    }
  }
  return { total, shared };
}

/** The score alone, written plainly; equal to `explainMatch(expert, company).score`. */
export function scoreMatch(expert: ExpertMatchFacets, company: CompanyMatchFacets): number {
  const needs = overlap(areasOfImprovement.codes, company.areasOfImprovement, expert.areasOfImprovement);
  const industry = overlap(industries.codes, company.experience, expert.experience);
  const engagement = overlap(connectionTypes.codes, company.idealEngagement, expert.idealEngagement);
  const stage = company.currentStage;

  let base = 0;
  base += sharePoints(matchWeights.needs, needs.shared, needs.total);
  base += sharePoints(matchWeights.industry, industry.shared, industry.total);
  base += sharePoints(matchWeights.engagement, engagement.shared, engagement.total);
  if (stage != null && Object.hasOwn(companyStages.labels, stage) && expert.currentStage?.[stage] === true) {
    base += matchWeights.stage;
  }
  if (sameCode(arrangements.labels, company.arrangement, expert.arrangement))
    base += matchWeights.arrangement;
  if (sameCode(businessTypes.labels, company.businessType, expert.businessType)) {
    base += matchWeights.businessType;
  }

  let score = Math.round(base);
  if (company.investmentOpportunities === 'yes' && expert.investmentOpportunities === 'yes') {
    score += matchWeights.investment;
  }
  if (company.boardOpportunities === 'yes' && expert.boardOpportunities === 'yes')
    score += matchWeights.board;
  return Math.min(matchScoreMax, score);
}
