/**
 * The admin's Members console (issue 14): every member with role, status, flags, dates and ratings, searched,
 * filtered and sorted, in pages. An admin tool: the spec quotes none of these words.
 */
export const adminMembersTexts = {
  navLabel: 'Members',
  pageTitle: 'Members',
  pageDescription:
    'Every member with their profile status. Open a member to approve, verify, unpublish, deactivate or activate.',
  tableLabel: 'Members',
  scrollLabel: 'Members table (scrolls sideways)',
  filtersLabel: 'Filters',
  searchLabel: 'Search',
  searchPlaceholder: 'Name, company or e-mail',
  searchHint: 'Press / to search',
  roleFilter: 'Role',
  statusFilter: 'Status',
  verifiedFilter: 'Verified',
  privateFilter: 'Private',
  clearFilters: 'Clear filters',
  awaitingApproval: 'Awaiting approval',
  name: 'Name',
  email: 'E-mail',
  role: 'Role',
  status: 'Status',
  verified: 'Verified',
  private: 'Private',
  joined: 'Joined',
  published: 'Published',
  updated: 'Updated',
  rating: 'Rating',
  otherDates: 'Paused, deactivated, disabled',
  pausedOn: (date: string) => `Paused ${date}`,
  deactivatedOn: (date: string) => `Deactivated ${date}`,
  disabledOn: (date: string) => `Disabled ${date}`,
  emailUnverified: 'e-mail not verified',
  ratingValue: (average: number, count: number) =>
    count === 0 ? 'No ratings' : `${average.toFixed(1)} (${count})`,
  sortBy: (column: string) => `Sort by ${column}`,
  count: (shown: number, total: number | null) =>
    total === null ? `${shown} shown` : `${shown} of ${total} ${total === 1 ? 'member' : 'members'}`,
  loadMore: 'Load more',
  loading: 'Loading members',
  empty: 'No member matches these filters.',
  emptyNone: 'No one has signed up yet. Members appear here from the moment they sign up.',
  emptyTitle: 'No members found',
  /** Refused activation (000 §4: activate only a complete profile). */
  activateIncomplete:
    'Only a complete profile can be activated. This profile is missing required information.',
} as const;
