import type { MatchExplanation, MatchingListItem, ProfileCard } from '@intergen/contracts';
import {
  type AreaOfImprovement,
  areasOfImprovement,
  type CompanyMatchFacets,
  displayedRating,
  type ExpertMatchFacets,
  explainMatch,
  type Industry,
  industries,
  limits,
  type ProfileType,
} from '@intergen/domain';
import type { CardRow } from '../members/index.ts';

/** The codes of a flags object that are `true`, in the enumeration's order (unknown keys are ignored). */
function trueCodes<C extends string>(codes: readonly C[], flags: Record<string, boolean> | null): C[] {
  return flags ? codes.filter((code) => flags[code] === true) : [];
}

const blankToNull = (s: string | null | undefined) => (s?.trim() ? s.trim() : null);

/**
 * What a card shows of a profile: never contact details; the rating only from 5 reviews, rounded to 0.5
 * (the profiles module's `displayedRating`).
 */
export function toProfileCard(kind: ProfileType, row: CardRow): ProfileCard {
  return {
    id: row.id,
    kind,
    name: row.name,
    companyName: kind === 'company' ? blankToNull(row.companyName) : null,
    headline: kind === 'company' ? blankToNull(row.slogan) : blankToNull(row.aboutLine),
    profileImage: row.profileImage ?? null,
    isVerified: kind === 'expert' && row.isVerified,
    industries: trueCodes<Industry>(industries.codes, row.experience),
    areas: trueCodes<AreaOfImprovement>(areasOfImprovement.codes, row.areasOfImprovement),
    rating: displayedRating(row.averageRating, row.numberOfRatings),
  };
}

export function toListItem(kind: ProfileType, row: CardRow & { score: number | null }): MatchingListItem {
  return {
    ...toProfileCard(kind, row),
    score: row.score,
    strong: row.score !== null && row.score >= limits.communityScoreMinimum,
  };
}

/** "Why this match": the domain's explanation in the contract's shape. */
export function explanationOf(expert: ExpertMatchFacets, company: CompanyMatchFacets): MatchExplanation {
  const { score, parts } = explainMatch(expert, company);
  return { score, parts: parts.map((p) => ({ ...p, shared: p.shared.map((s) => ({ ...s })) })) };
}
