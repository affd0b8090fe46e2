import type { QueryClient } from '@tanstack/react-query';
import type { GuardedHistory } from '../lib/navigation';
import { AppProvider } from './provider';
import { AppRouter } from './router';

interface AppProps {
  queryClient: QueryClient;
  history: GuardedHistory;
}

/** The app: made once per page load by main.tsx, which creates its query client and history. */
export function App({ queryClient, history }: AppProps) {
  return (
    <AppProvider queryClient={queryClient}>
      <AppRouter history={history} />
    </AppProvider>
  );
}
