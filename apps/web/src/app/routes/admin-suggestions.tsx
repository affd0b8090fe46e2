import { AdminSuggestionsRoute as AdminSuggestions } from '../../features/admin-matching';
import { WhyThisMatch } from '../../features/matching';

/** `/admin/suggestions`, with the matching feature's "why this match" for the score preview. */
export function AdminSuggestionsRoute() {
  return <AdminSuggestions renderExplanation={(explanation) => <WhyThisMatch explanation={explanation} />} />;
}
