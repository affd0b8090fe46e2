import type { MatchExplanation, ProfileCard, Suggestion } from '@intergen/contracts';
import { matchPartLabels } from '@intergen/domain';

/** Test data shared by the features: a member's card, a suggestion, and the explanation of its score. */

/** A score of 68 made of its parts, as the server explains it. */
export function buildExplanation(overrides: Partial<MatchExplanation> = {}): MatchExplanation {
  return {
    score: 68,
    parts: [
      {
        part: 'needs',
        label: matchPartLabels.needs,
        weight: 40,
        points: 20,
        shared: [{ code: 'legal', label: 'Legal' }],
      },
      {
        part: 'industry',
        label: matchPartLabels.industry,
        weight: 25,
        points: 25,
        shared: [{ code: 'tech', label: 'Technology' }],
      },
      {
        part: 'engagement',
        label: matchPartLabels.engagement,
        weight: 15,
        points: 7.5,
        shared: [{ code: 'mentor', label: 'Mentor' }],
      },
      {
        part: 'stage',
        label: matchPartLabels.stage,
        weight: 10,
        points: 10,
        shared: [{ code: 'scaling', label: 'Scaling' }],
      },
      { part: 'arrangement', label: matchPartLabels.arrangement, weight: 5, points: 0, shared: [] },
      {
        part: 'businessType',
        label: matchPartLabels.businessType,
        weight: 5,
        points: 5,
        shared: [{ code: 'B2B', label: 'B2B' }],
      },
      { part: 'investment', label: matchPartLabels.investment, weight: 5, points: 0, shared: [] },
      { part: 'board', label: matchPartLabels.board, weight: 5, points: 0, shared: [] },
    ],
    ...overrides,
  };
}

/** A company as an expert's card shows it. */
export function buildCard(overrides: Partial<ProfileCard> = {}): ProfileCard {
  return {
    id: 'c1',
    kind: 'company',
    name: 'Ada Lovelace',
    companyName: 'Analytical Engines',
    headline: 'Numbers, woven.',
    profileImage: { url: '/avatars/company-2.svg', name: 'company-2.svg' },
    isVerified: false,
    industries: ['tech', 'manufacturing'],
    areas: ['legal', 'growthCapital'],
    rating: null,
    ...overrides,
  };
}

export function buildSuggestion(overrides: Partial<Suggestion> = {}): Suggestion {
  return {
    id: 's1',
    expertId: 'u1',
    companyId: 'c1',
    createdAt: 1_700_000_000_000,
    requestSent: false,
    counterpart: buildCard(),
    explanation: buildExplanation(),
    ...overrides,
  };
}
