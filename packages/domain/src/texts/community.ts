/**
 * The two communities, `/expert-community` and `/venture-community` (spec 000 §2, Dashboard and communities;
 * spec 001 §5, matching list filters; DESIGN.md §4, strong matches). `No results found` is the spec's, and so
 * is its hint (try a different search or clear filters); the rest are ours. The page titles are
 * `networkTexts.expertCommunityTitle` / `ventureCommunityTitle`; the expertise / needs label is
 * `suggestionTexts.areas`; the badge is `suggestionTexts.strongMatch`.
 */
export const communityTexts = {
  back: 'Back',
  description: {
    expert: 'Business advisors on InterGen. Filter by industry and expertise, or search by name.',
    venture: 'Scaling companies on InterGen. Filter by industry and needs, or search by name or company.',
  },
  filtersLabel: 'Filters',
  searchLabel: { expert: 'Search by name', venture: 'Search by name or company' },
  searchPlaceholder: { expert: 'Type a name…', venture: 'Type a name or company…' },
  /** Beside the search field: the spec's keyboard shortcut (spec 001 §9: '/' focuses search). */
  searchShortcut: 'Press / to search',
  anyIndustry: 'Any industry',
  anyArea: 'Any',
  investments: 'Open to investment',
  boardPositions: 'Open to board positions',
  strongOnly: 'Strong matches',
  clearFilters: 'Clear filters',
  count: {
    expert: (n: number) => (n === 1 ? '1 advisor' : `${n.toLocaleString('en-US')} advisors`),
    venture: (n: number) => (n === 1 ? '1 venture' : `${n.toLocaleString('en-US')} ventures`),
  },
  /** The list's accessible name. */
  listLabel: { expert: 'Business advisors', venture: 'Ventures' },
  noResults: 'No results found',
  noResultsHint: 'Try a different search or clear filters.',
  loadMore: 'Load more',
  loadingMore: 'Loading more…',
  loading: 'Loading the community…',
  loadFailed: 'The community could not be loaded.',
  /** A company on `/venture-community` (spec 001 §6: companies do not see venture community data). */
  venturesForAdvisorsTitle: 'The Venture Community is for business advisors',
  venturesForAdvisorsBody:
    'Scaling companies do not see other ventures. You can explore the business advisors in the Expert Community, or go back to your dashboard.',
  toExpertCommunity: 'Explore the Expert Community',
  toDashboard: 'Go to the dashboard',
  toProfile: 'Go to my profile',
  /** A member who may not see the community yet: the server's message is shown above these. */
  lockedTitle: 'The community is not open to you yet',
  /** The way into a community from a row of cards or a My Network section (DESIGN.md §2: only where readable). */
  seeAll: 'See all',
  seeAllNamed: {
    experts: 'See all business advisors in the Expert Community',
    ventures: 'See all ventures in the Venture Community',
  },
} as const;
