import { limits } from '@intergen/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useLeavingCheck } from './navigation';

/**
 * Sends what is typed into a list's search box (trimmed) once typing pauses, never the same text twice. Not while
 * the person is on their way to another page: a search sent then would change the address of the list they left
 * and cancel the page they asked for (a name clicked right after typing, on a slow connection).
 */
export function useDebouncedSearch(text: string, current: string, onSearch: (search: string) => void): void {
  const [debounced] = useDebouncedValue(text.trim(), limits.searchDebounceMs);
  const sent = useRef(current);
  const leaving = useLeavingCheck(useLocation().pathname);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `leaving` is read when the typing pauses.
  useEffect(() => {
    if (leaving() || debounced === sent.current) return;
    sent.current = debounced;
    onSearch(debounced);
  }, [debounced, onSearch]);
}
