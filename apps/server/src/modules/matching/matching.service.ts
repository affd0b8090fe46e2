import { bindContext } from '../../lib/use-case.ts';
import { createSuggestion, previewSuggestion, suggestionCandidates } from './admin-suggest.ts';
import { latestRun, runBatch, startRun } from './batch.ts';
import { listCompanies, listExperts, listExpertsForCompany } from './lists.ts';
import { matchProfile } from './match-profile.ts';
import { type MatchingServiceDeps, matchingContext, readSettings } from './matching.context.ts';
import { memberScores } from './member-scores.ts';
import { dismissSuggestion, listSuggestions } from './suggestions.ts';

export type { MatchingListQueryInput } from './lists.ts';
export { matchingRequestOf } from './match-profile.ts';
export type { MatchingServiceDeps, MatchingSettings } from './matching.context.ts';

/**
 * Matching: scores, suggestions (admin-made and automatic), the members' suggestion lists and dismissals, the
 * matching lists, and the admin's full batch. Scoring runs only in outbox jobs, never in a member's request.
 * Each method is one use case, found under its own name in the file named beside it.
 */
export function createMatchingService(deps: MatchingServiceDeps) {
  const ctx = matchingContext(deps);
  const use = bindContext(ctx);
  return {
    readSettings: () => readSettings(ctx.db),

    // Admin: admin-suggest.ts, batch.ts, member-scores.ts
    createSuggestion: use(createSuggestion),
    memberScores: use(memberScores),
    preview: use(previewSuggestion),
    candidates: use(suggestionCandidates),
    startRun: use(startRun),
    latestRun: use(latestRun),

    // Members: suggestions.ts, lists.ts
    listSuggestions: use(listSuggestions),
    dismiss: use(dismissSuggestion),
    listExperts: use(listExperts),
    listExpertsForCompany: use(listExpertsForCompany),
    listCompanies: use(listCompanies),

    // Jobs, called by the outbox handlers in matching.jobs.ts: match-profile.ts, batch.ts
    matchProfile: use(matchProfile),
    runBatch: use(runBatch),

    /** This instance's packed counterparts (counterparts.ts): their statistics and size, for tests and benchmarks. */
    counterparts: ctx.counterparts,
  };
}

export type MatchingService = ReturnType<typeof createMatchingService>;
