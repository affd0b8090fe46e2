import {
  type AreaOfImprovement,
  areasOfImprovement,
  type Industry,
  industries,
  limits,
} from '@intergen/domain';
import { useEffect, useMemo, useState } from 'react';
import { useUrlParams } from '../../../lib/url-params';
import type { CommunityFilters } from '../api/get-community';

/**
 * The filters live in the address (`?q=…&industries=tech,energy&expertise=legal&investments=yes&board=yes&
 * strong=yes`) so that a filtered list can be shared and survives a reload. Changes replace the address
 * instead of adding a history entry per key, so `Back` leaves the page rather than undoing a filter.
 */
export const filterParams = {
  search: 'q',
  industries: 'industries',
  expertise: 'expertise',
  investments: 'investments',
  boardPositions: 'board',
  strong: 'strong',
} as const;

function codesOf<C extends string>(raw: string | null, known: readonly C[]): C[] {
  if (!raw) return [];
  const seen = new Set<C>();
  for (const part of raw.split(',')) if ((known as readonly string[]).includes(part)) seen.add(part as C);
  return [...seen];
}

/** The filters as the address holds them; anything that is not one of ours is ignored. */
export function filtersFromParams(params: URLSearchParams, withStrong: boolean): CommunityFilters {
  return {
    searchText: (params.get(filterParams.search) ?? '').trim(),
    industries: codesOf<Industry>(params.get(filterParams.industries), industries.codes),
    expertise: codesOf<AreaOfImprovement>(params.get(filterParams.expertise), areasOfImprovement.codes),
    investments: params.get(filterParams.investments) === 'yes',
    boardPositions: params.get(filterParams.boardPositions) === 'yes',
    strong: withStrong && params.get(filterParams.strong) === 'yes',
  };
}

export function anyFilterSet(filters: CommunityFilters): boolean {
  return (
    filters.searchText !== '' ||
    filters.industries.length > 0 ||
    filters.expertise.length > 0 ||
    filters.investments ||
    filters.boardPositions ||
    filters.strong
  );
}

type FlagKey = 'investments' | 'boardPositions' | 'strong';

/**
 * The page's filters: read from the address, written back with `replace`. The search text is typed into
 * `searchInput` and reaches the address (and so the list) 500 ms after the last key.
 */
export function useCommunityFilters(withStrong: boolean) {
  const { params, set } = useUrlParams();
  const filters = useMemo(() => filtersFromParams(params, withStrong), [params, withStrong]);
  const [searchInput, setSearchInput] = useState(filters.searchText);

  const setList = (key: 'industries' | 'expertise', codes: string[]) =>
    set({ [filterParams[key]]: codes.join(',') });

  const setFlag = (key: FlagKey, on: boolean) => set({ [filterParams[key]]: on ? 'yes' : null });

  const applySearch = (text: string) => set({ [filterParams.search]: text.trim() });

  // The typed text reaches the address once typing pauses.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the typed text starts the wait.
  useEffect(() => {
    if (searchInput.trim() === filters.searchText) return;
    const timer = setTimeout(() => applySearch(searchInput), limits.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [searchInput]);

  // The address changed otherwise (Clear filters, back and forth): the field follows it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the address only.
  useEffect(() => {
    if (searchInput.trim() !== filters.searchText) setSearchInput(filters.searchText);
  }, [filters.searchText]);

  const clear = () => {
    setSearchInput('');
    set(Object.fromEntries(Object.values(filterParams).map((key) => [key, null])));
  };

  return {
    filters,
    searchInput,
    setSearchInput,
    /** Applies the typed text at once (Enter). */
    submitSearch: () => applySearch(searchInput),
    setIndustries: (codes: string[]) => setList('industries', codes),
    setExpertise: (codes: string[]) => setList('expertise', codes),
    setFlag,
    clear,
    anySet: anyFilterSet(filters) || searchInput.trim() !== '',
  };
}
