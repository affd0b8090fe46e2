import {
  communityCounts,
  companies,
  experts,
  matchScores,
  matchSuggestions,
  settings,
} from '../../db/schema.ts';
import { keptReads } from '../../lib/kept-lists.ts';

/**
 * What a kept community page reads: every listed member's card and counts, the viewer's scores and strong matches,
 * the tab's setting.
 */
export const communityReads = keptReads('every member', [
  experts,
  companies,
  communityCounts,
  matchSuggestions,
  matchScores,
  settings,
]);
