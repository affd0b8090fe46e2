import { scoreMatch } from '@intergen/domain';
import type { Executor } from '../../db/client.ts';
import * as members from '../members/index.ts';
import * as repo from './matching.repository.ts';

/**
 * The score of a pair: the stored one when the pair is a strong match (`STORED_SCORE_MINIMUM`), otherwise
 * computed from the two profiles as they are now; null when either profile no longer exists. A connection
 * request carries it to the CRM deal ("match score"), whatever the pair scores.
 */
export async function pairScore(ex: Executor, expertId: string, companyId: string): Promise<number | null> {
  const stored = await repo.findScore(ex, expertId, companyId);
  if (stored !== null) return stored;
  const { expert, company } = await members.pairFacets(ex, expertId, companyId);
  return expert && company ? scoreMatch(expert, company) : null;
}
