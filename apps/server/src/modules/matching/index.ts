/**
 * The matching module: the one owner of `match_scores`, `match_suggestions` and `matching_runs`. It scores
 * pairs in outbox jobs, makes suggestions (automatic and admin-made), serves the matching lists, and lends the
 * connections module the suggestion a request hangs on.
 */
export { countSuggestedMembers } from './funnel.repository.ts';
export { matchingJobHandlers } from './matching.jobs.ts';
export { explanationOf, toListItem, toProfileCard } from './matching.model.ts';
export { isPartyOf, memberSide } from './matching.policy.ts';
export {
  clearSuggestionRequested,
  findSuggestionBetween,
  lockSuggestion,
  markSuggestionRequested,
  type SuggestionRow,
  suggestionsByIds,
} from './matching.repository.ts';
export {
  createMatchingService,
  type MatchingService,
} from './matching.service.ts';
export { matchingProfileTopic, matchingRunTopic } from './matching.topics.ts';
export {
  type MemberScoreRow,
  type MemberSuggestionRow,
  purgeMemberMatching,
  scoresOfMember,
  suggestionsOfMember,
} from './member-data.repository.ts';
export { pairScore } from './pair-score.ts';
