import { pageTitles } from '@intergen/domain';
import type { ReactNode } from 'react';
import { Page } from '../../../components/page';

interface DashboardRouteProps {
  /** The recommended connections, composed in by the app layer (features never import each other). */
  recommended?: ReactNode;
}

/** `/dashboard` (spec 000 §2): Welcome Back, then the member's recommended connections. */
export function DashboardRoute({ recommended }: DashboardRouteProps) {
  return <Page title={pageTitles.dashboard}>{recommended}</Page>;
}
