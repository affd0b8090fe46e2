/**
 * Audit log: the admin's page of who changed what in the admin console, and when. An admin tool: the
 * spec quotes none of these words.
 */

/** The admin's audit log page. */
export const auditTexts = {
  /** The table's box, which scrolls sideways on a narrow screen and so takes the keyboard's focus. */
  scrollLabel: 'Audit log table (scrolls sideways)',
  tableLabel: 'Audit log entries',
  navLabel: 'Audit log',
  pageTitle: 'Audit log',
  pageDescription: 'Who changed what in the admin console, and when. Newest first.',
  loading: 'Loading the audit log',
  actionFilter: 'Action',
  anyAction: 'Every action',
  when: 'When',
  who: 'Who',
  action: 'Action',
  target: 'What',
  changes: 'Changes',
  reason: 'Reason',
  /** The actor of a change the app made on its own. */
  system: 'System',
  /** An actor whose account no longer exists. */
  formerUser: (id: string) => `Former user ${id}`,
  empty: 'Nothing has been recorded yet.',
  emptyForAction: 'Nothing has been recorded for this action.',
  search: 'Search',
  searchPlaceholder: 'A member’s e-mail or id, a setting',
  emptyForSearch: 'No entry matches this search.',
  loadMore: 'Load more',
  before: 'Before',
  after: 'After',
  emptyValue: '(empty)',
} as const;

/** The actions the audit log records, by their code (`<module>.<verb>`), as the page names them. */
export const auditActionLabels: Readonly<Record<string, string>> = {
  'settings.update': 'Settings changed',
  'settings.demo': 'Demo community created',
  'outbox.retry': 'Outbox row retried',
  'outbox.discard': 'Outbox row discarded',
  'profile.approve': 'Expert approved',
  'profile.publish': 'Company published',
  'profile.verify': 'Expert verified',
  'profile.unverify': 'Expert’s verified mark removed',
  'profile.deactivate': 'Member deactivated',
  'profile.activate': 'Member reactivated',
  'profile.unpublish': 'Profile unpublished',
  'suggestion.create': 'Suggestion created',
  'matching.run': 'Full matching run started',
  'member.delete': 'Member deleted',
  // Admins' writes through the CRM proxy (spec 001 §7)
  'crm.deal.create': 'CRM deal created',
  'crm.deal.update': 'CRM deal moved',
  'crm.network_deal.create': 'CRM My Network deal created',
  'crm.network_deal.update': 'CRM My Network deal moved',
  'crm.deal.move': 'CRM deal moved on the board',
  'crm.contact.create': 'CRM contact created',
  'crm.contact.update': 'CRM contact updated',
  'crm.verification_code.send': 'Verification code sent (CRM proxy)',
  'crm.email.verify': 'E-mail verified (CRM proxy)',
  'crm.one_time_link.send': 'One-time link sent (CRM proxy)',
};
