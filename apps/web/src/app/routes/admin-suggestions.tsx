import { AdminSuggestionsRoute as AdminSuggestions } from '../../features/admin-matching';
import { AdminSuggestionsList } from '../../features/admin-records';
import { WhyThisMatch } from '../../features/matching';

/**
 * `/admin/suggestions`, with the matching feature's "why this match" for the score preview, and the list of
 * every suggestion (admin-records) below the creation and run panels.
 */
export function AdminSuggestionsRoute() {
  return (
    <AdminSuggestions
      renderExplanation={(explanation) => <WhyThisMatch explanation={explanation} />}
      after={<AdminSuggestionsList />}
    />
  );
}
