import { limits } from '@intergen/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigation } from 'react-router';

/**
 * Sends what is typed into a list's search box (trimmed) once typing pauses, never the same text twice. Not while
 * the person is on their way to another page: a search sent then would change the address of the list they left
 * and cancel the page they asked for (a name clicked right after typing, on a slow connection).
 */
export function useDebouncedSearch(text: string, current: string, onSearch: (search: string) => void): void {
  const [debounced] = useDebouncedValue(text.trim(), limits.searchDebounceMs);
  const sent = useRef(current);
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const leaving = navigation.location !== undefined && navigation.location.pathname !== pathname;
  useEffect(() => {
    if (leaving || debounced === sent.current) return;
    sent.current = debounced;
    onSearch(debounced);
  }, [debounced, leaving, onSearch]);
}
