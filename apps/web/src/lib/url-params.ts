import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useGuardedHistory, useLeavingCheck } from './navigation';

/** Keys of the address to change: a value sets the key, null or empty removes it. */
export type UrlParamChanges = Record<string, string | null>;

/**
 * A page's view kept in the address (filters, sort, section): read it, and change some keys.
 *
 * Each change starts from the address as it is at that moment (the history's), not from the params the page was
 * last drawn with, as React Router's `setSearchParams(prev => …)` does: the router draws a new address in a
 * transition, so on a busy machine a second change (a filter picked while a typed search is on its way) would
 * start from the old address and drop the first. A change made once the person has left the page (a search that
 * arrives after a link was followed) is dropped: it would bring them back.
 *
 * `replace` by default (the view changes, the page stays one entry of the history); `push` for what Back should
 * undo.
 */
export function useUrlParams() {
  const [params] = useSearchParams();
  const history = useGuardedHistory();
  const navigate = useNavigate();
  const leaving = useLeavingCheck(useLocation().pathname);
  const set = useCallback(
    (changes: UrlParamChanges, { push = false }: { push?: boolean } = {}) => {
      if (leaving()) return;
      const next = new URLSearchParams(history.location.search);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      navigate(`?${next}`, { replace: !push });
    },
    [history, navigate, leaving],
  );
  return { params, set };
}

/** The value of `key` if it is one of `options`, else null. */
export function oneOf<T extends string>(options: readonly T[], value: string | null): T | null {
  return options.find((o) => o === value) ?? null;
}
