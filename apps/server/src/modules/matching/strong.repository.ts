import type { ProfileType } from '@intergen/domain';
import { type SQL, sql } from 'drizzle-orm';

/**
 * A member's strong matches (score ≥ `minScore`, by score from `match_scores_expert_strong_idx` and
 * `match_scores_company_score_idx`) as a subquery of `(id, rank)`: the counterpart's id and the score. The community lists join it in the statement
 * that reads a page, so the strong matches are ranked in the database and never read out
 * (`members.listCommunityPage`, DESIGN.md §4).
 */
export function strongRows(kind: ProfileType, memberId: string, minScore: number): SQL {
  return kind === 'expert'
    ? sql`SELECT company_id AS id, score AS rank FROM match_scores
        WHERE expert_id = ${memberId} AND score >= ${minScore}`
    : sql`SELECT expert_id AS id, score AS rank FROM match_scores
        WHERE company_id = ${memberId} AND score >= ${minScore}`;
}
