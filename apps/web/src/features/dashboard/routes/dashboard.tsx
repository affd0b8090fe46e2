import { pageTitles } from '@intergen/domain';
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Page } from '../../../components/page';
import { NewChangesPopup } from '../components/new-changes-popup';

interface DashboardRouteProps {
  /** Banners above everything (a request sent, a request accepted). */
  banners?: ReactNode;
  /** The sections (recommendations, requests, connections), composed in by the app layer (features never import each other). */
  children?: ReactNode;
}

/**
 * `/dashboard` (spec 000 §2): Welcome Back, the banners, then the member's sections; the version-change popup
 * once. The page uses the full page width so that four cards fit side by side from 1234 px.
 */
export function DashboardRoute({ banners, children }: DashboardRouteProps) {
  return (
    <Page title={pageTitles.dashboard} wide>
      {banners}
      <Stack gap="xl">{children}</Stack>
      <NewChangesPopup />
    </Page>
  );
}
