import { pageTitles } from '@intergen/domain';
import { PlaceholderPage } from '../../../components/page';

/** `/dashboard`: Welcome Back. Recommendations and requests arrive with matching (a later issue). */
export function DashboardRoute() {
  return (
    <PlaceholderPage
      title={pageTitles.dashboard}
      note="Your recommended connections and connection requests arrive with matching in a coming update."
    />
  );
}
