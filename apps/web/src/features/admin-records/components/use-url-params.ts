import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The page's filters in the address: read them, and change some (a null or empty value removes the key). */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { params, set };
}

/** The value of `key` if it is one of `options`, else null. */
export function oneOf<T extends string>(options: readonly T[], value: string | null): T | null {
  return options.find((o) => o === value) ?? null;
}
