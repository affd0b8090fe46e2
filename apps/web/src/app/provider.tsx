import { useNotifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { ThemeProvider } from './theme-provider';

/** The notifications' container (and its transitions) loads with the first notification shown. */
const Notifications = lazy(async () => ({
  default: (await import('./notifications-host')).NotificationsHost,
}));

function LazyNotifications() {
  const shown = useNotifications().notifications.length > 0;
  const [needed, setNeeded] = useState(false);
  if (shown && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  ) : null;
}

interface AppProviderProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** `test` disables transitions and portals (component tests). */
  env?: 'default' | 'test';
}

export function AppProvider({ queryClient, children, env = 'default' }: AppProviderProps) {
  return (
    <ThemeProvider env={env}>
      {/* Short confirmations that outlive the page that caused them (a deleted account, a deleted member). */}
      <LazyNotifications />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ThemeProvider>
  );
}
