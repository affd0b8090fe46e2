import type { CompanyProfileData, ExpertProfileData } from '../profile-rules.ts';

/** The profile fields that a match score reads (DESIGN.md §5). */
export type MatchFacetKey =
  | 'areasOfImprovement'
  | 'experience'
  | 'idealEngagement'
  | 'currentStage'
  | 'arrangement'
  | 'businessType'
  | 'investmentOpportunities'
  | 'boardOpportunities';

/** What matching reads of an expert: `currentStage` is a set of flags (the stages the expert works with). */
export type ExpertMatchFacets = Pick<ExpertProfileData, MatchFacetKey>;
/** What matching reads of a company: `currentStage` is the company's one stage code. */
export type CompanyMatchFacets = Pick<CompanyProfileData, MatchFacetKey>;

/** A change in one of these fields on a published profile triggers rescoring. */
export const matchFacetKeys: readonly MatchFacetKey[] = [
  'areasOfImprovement',
  'experience',
  'idealEngagement',
  'currentStage',
  'arrangement',
  'businessType',
  'investmentOpportunities',
  'boardOpportunities',
];

/** The parts of a score in display order; the same list as `matchParts` of the contracts. */
export type MatchPartKey =
  | 'needs'
  | 'industry'
  | 'engagement'
  | 'stage'
  | 'arrangement'
  | 'businessType'
  | 'investment'
  | 'board';

export const matchPartKeys: readonly MatchPartKey[] = [
  'needs',
  'industry',
  'engagement',
  'stage',
  'arrangement',
  'businessType',
  'investment',
  'board',
];

/** The most each part can add (DESIGN.md §5). Investment and board are bonuses on top; the score caps at 100. */
export const matchWeights = {
  needs: 40,
  industry: 25,
  engagement: 15,
  stage: 10,
  arrangement: 5,
  businessType: 5,
  investment: 5,
  board: 5,
} as const satisfies Record<MatchPartKey, number>;

export const matchScoreMax = 100;

/** One item both sides share, e.g. `{ code: 'tech', label: 'Technology' }`. */
export interface MatchSharedItem {
  code: string;
  label: string;
}

/**
 * One part of a score: its weight (the most it can add), the points it added and the items both share.
 * `points` is exact (e.g. 40 · 1/3 = 13.333…); round it for display. The wire shape is `MatchPartView` of
 * the contracts, which this interface mirrors (the domain does not import the contracts).
 */
export interface MatchPartResult {
  part: MatchPartKey;
  label: string;
  weight: number;
  points: number;
  shared: MatchSharedItem[];
}

/** A score 0–100 with the parts that make it up; mirrors `MatchExplanation` of the contracts. */
export interface MatchExplanationResult {
  score: number;
  parts: MatchPartResult[];
}
