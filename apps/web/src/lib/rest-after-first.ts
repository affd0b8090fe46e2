import { startTransition, useEffect, useMemo, useState } from 'react';

/**
 * A long list shown in two renders (the dashboard of a member with 50 suggestions, 50 requests and 50
 * connections): its first `first` items with the page, then all of them in a transition. React renders a
 * transition in slices of a few milliseconds and lets the browser in between, so that a list of fifty cards never
 * holds the main thread in one long task, and what is in view shows as soon as it can. Once the whole list has
 * been shown, later changes of it show at once, as before (a list that starts empty, still loading, is held back
 * when it first has more than `first` items).
 */
export function useRestAfterFirst<T>(items: readonly T[], first: number): readonly T[] {
  const [all, setAll] = useState(false);
  const holdsBack = !all && items.length > first;
  useEffect(() => {
    if (holdsBack) startTransition(() => setAll(true));
  }, [holdsBack]);
  return useMemo(() => (holdsBack ? items.slice(0, first) : items), [holdsBack, items, first]);
}
