import { useDeferredValue } from 'react';

/**
 * Whether what waited for `pending` may show now: false while it is pending, and in the one render right after.
 * The page that then replaces a loader renders in a transition (`useDeferredValue`), which React renders in slices
 * with the browser free in between. Without it, a query's answer arriving renders the whole page at once, in one
 * long task: TanStack Query reaches React through `useSyncExternalStore`, whose updates are never transitions
 * (Lighthouse's Total Blocking Time).
 */
export function useReadyInTransition(pending: boolean): boolean {
  const ready = useDeferredValue(!pending);
  return !pending && ready;
}
