import { useCallback, useSyncExternalStore } from 'react';

/**
 * Flags that live as long as the page (never in browser storage: DESIGN.md §3), each for one member:
 * `welcomeBack` after a resume until dismissed.
 */
type Flag = 'welcomeBack';

const flags = new Map<Flag, string | null>([['welcomeBack', null]]);
const listeners = new Set<() => void>();

function set(flag: Flag, userId: string | null) {
  flags.set(flag, userId);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Raises a flag for a member outside a component (a mutation's own callback). */
export function raiseSessionFlag(flag: Flag, userId: string) {
  set(flag, userId);
}

/** Whether the flag is raised for this member, and setters to raise or lower it. */
export function useSessionFlag(flag: Flag, userId: string | null) {
  const holder = useSyncExternalStore(subscribe, () => flags.get(flag) ?? null);
  const raise = useCallback((id: string) => set(flag, id), [flag]);
  const lower = useCallback(() => set(flag, null), [flag]);
  return { raised: userId !== null && holder === userId, raise, lower };
}

/** For tests: lowers every flag. */
export function resetSessionFlags() {
  for (const flag of flags.keys()) set(flag, null);
}
