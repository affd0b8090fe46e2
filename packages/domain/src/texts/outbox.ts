/**
 * Outbox: the admin's page of side effects (e-mails, CRM steps, matching runs) waiting, running, being retried
 * or parked as dead, with retry and discard. An admin tool: the spec quotes none of these words.
 */

/** A duration in the largest whole unit: `45 s`, `3 min`, `2 h`, `4 d` (a no-break space before the unit). */
function ageText(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds}\u00a0s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}\u00a0min`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}\u00a0h`;
  return `${Math.floor(seconds / 86_400)}\u00a0d`;
}

/** The admin's outbox page and the server's answers to its actions. */
export const outboxTexts = {
  /** An e-mail row's recipient and subject. */
  mailTo: (to: string) => `To ${to}`,
  mailSubject: (subject: string) => `Subject: ${subject}`,
  navLabel: 'Outbox',
  pageTitle: 'Outbox',
  pageDescription:
    'Side effects on their way out (e-mails, CRM steps, matching runs): what waits, what is retried, and what was parked after its last attempt.',
  // Summary cards, one per topic
  topicsTitle: 'Topics',
  topicsLoading: 'Loading the topics',
  noTopics: 'Nothing has gone through the outbox yet.',
  counts: {
    due: 'Due',
    running: 'Running',
    retrying: 'Retrying',
    dead: 'Dead',
    doneLastDay: 'Done in 24\u00a0h',
  },
  oldestDue: 'Oldest due',
  oldestDueNone: 'nothing due',
  age: ageText,
  showTopic: (topic: string) => `Show the open rows of ${topic}`,
  // Filters, in the address
  filtersLabel: 'Filters',
  topicFilter: 'Topic',
  anyTopic: 'All topics',
  statusFilter: 'Status',
  anyStatus: 'All open rows',
  statusLabels: { pending: 'Pending', retrying: 'Retrying', dead: 'Dead' },
  orderFilter: 'Order',
  orderLabels: { newest: 'Newest first', oldest: 'Oldest first' },
  // The rows
  rowsTitle: 'Open rows',
  rowsLoading: 'Loading the outbox rows',
  rowsEmptyTitle: 'Nothing here',
  rowsEmpty: 'No open row matches these filters.',
  stateLabels: { pending: 'Pending', running: 'Running', retrying: 'Retrying', dead: 'Dead' },
  row: 'Row',
  what: 'What',
  state: 'State',
  attempts: 'Attempts',
  attemptsOf: (attempts: number, max: number) => `${attempts} of ${max}`,
  lastError: 'Last error',
  none: '—',
  runAt: 'Next run',
  created: 'Created',
  actions: 'Actions',
  rowLabel: (id: number, what: string) => `Row ${id}: ${what}`,
  loadMore: 'Load more',
  refreshing: 'Read again every few seconds',
  // Actions
  retry: 'Retry',
  retryRow: (id: number) => `Retry row ${id}`,
  discard: 'Discard',
  discardRow: (id: number) => `Discard row ${id}`,
  discardTitle: 'Discard this row?',
  discardBody: (what: string) =>
    `"${what}" will never be delivered. The row is kept on record as discarded; this cannot be undone.`,
  retried: (id: number) => `Row ${id} is queued again.`,
  discarded: (id: number) => `Row ${id} is discarded.`,
  // The server's refusals
  rowNotFound: 'This outbox row does not exist.',
  notRetryable: 'This row is not waiting for a retry: it is running or already finished.',
  notDiscardable: 'Only a dead row can be discarded.',
} as const;
