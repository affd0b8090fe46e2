import { routes } from '@intergen/domain';
import { DashboardRoute as DashboardPage } from '../../features/dashboard/routes/dashboard';
import { RecommendedSuggestions } from '../../features/matching';
import { WithProfileModal } from './with-profile-modal';

/** `/dashboard`: Welcome Back with the member's recommended connections. */
export function DashboardRoute() {
  return <DashboardPage recommended={<RecommendedSuggestions />} />;
}

/** `/dashboard/:profileId`: the dashboard with a profile opened over it; closing returns to the dashboard. */
export function DashboardProfileRoute() {
  return <WithProfileModal base={<DashboardRoute />} baseRoute={routes.dashboard} />;
}
