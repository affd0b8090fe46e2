/**
 * Analytics: the admin's page of the funnel from sign-up to review, per week and per role, the tracking events
 * (spec 001 §7, the tracking queue) and the CRM's lost reasons (spec 000 §4). An admin tool: the spec
 * quotes none of these words; the lost reasons' codes are the spec's.
 */
import type { ProfileType } from '../accounts.ts';
import type { DealLostReason } from '../connections.ts';
import type { CrmPipeline } from '../crm.ts';
import type { FunnelStage } from '../funnel.ts';
import type { NetworkLostReason } from '../network.ts';

/** The admin's analytics page and the server's answers to a range it cannot read. */
export const adminAnalyticsTexts = {
  navLabel: 'Analytics',
  pageTitle: 'Analytics',
  pageDescription:
    'How far the members who signed up in a range got, week by week and per role; what members did on the cards and the community; and why deals were lost. Weeks are ISO weeks in UTC.',
  loading: 'Loading the analytics',
  noData: 'No data in this range',
  // Filters, in the address
  filtersLabel: 'Range and role',
  rangeLabel: 'Range',
  lastWeeks: (weeks: number) => `Last ${weeks} weeks`,
  customRange: 'Custom dates',
  fromLabel: 'From',
  toLabel: 'To',
  roleLabel: 'Role',
  bothRoles: 'Both roles',
  rangeSummary: (from: string, to: string, weeks: number) =>
    `${from} to ${to}, ${weeks} ${weeks === 1 ? 'week' : 'weeks'}`,
  roleNote: 'The role applies to the funnel; tracking events and lost reasons count everyone.',
  // The charts
  funnelTitle: 'Funnel by stage',
  funnelDescription:
    'Of the members who signed up in the range, how many got at least this far (by today). Each role is one series.',
  weeklyTitle: 'Sign-ups per week',
  weeklyDescription:
    'Members who signed up in each week, and how far they got: every stage of the funnel, from sign-up to review.',
  conversionTitle: 'Conversion between stages',
  conversionDescription:
    'Of the members who reached a stage, the share who reached the next one: over the whole range, and week by week in the numbers.',
  conversionColumn: 'Step',
  conversionStep: (from: string, to: string) => `${from} → ${to}`,
  conversionRate: (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`),
  rangeColumn: 'Whole range',
  trackingTitle: 'Tracking events per week',
  trackingDescription: 'Events recorded in each week, by type.',
  lostReasonsTitle: 'Lost reasons',
  lostReasonsDescription:
    'Deals lost in the range, by reason: connection requests cancelled, declined or dismissed, suggestions passed over, and My Network requests declined or cancelled.',
  showData: 'Show the numbers',
  // The tables
  weekColumn: 'Week',
  startsColumn: 'Starts',
  stageColumn: 'Stage',
  typeColumn: 'Event',
  reasonColumn: 'Lost reason',
  pipelineColumn: 'Pipeline',
  countColumn: 'Count',
  total: 'Total',
  // The server's refusals of a range
  weeksOrDates: 'Give a number of weeks or dates, not both.',
  fromAfterTo: 'The start must not be after the end.',
  tooLong: (weeks: number) => `A range can hold at most ${weeks} weeks.`,
  dayOutOfRange: 'Give a day between 2000-01-01 and 2100-12-31.',
} as const;

/** The funnel's stages (domain `funnelStages`), as the charts and tables name them. */
export const funnelStageLabels = {
  signedUp: 'Signed up',
  complete: 'Profile complete',
  published: 'Published',
  suggested: 'Suggested',
  requested: 'Requested',
  accepted: 'Accepted',
  reviewed: 'Reviewed',
} as const satisfies Record<FunnelStage, string>;

/** The roles as series names (plural: a series counts members). */
export const analyticsRoleLabels = {
  expert: 'Business Advisors',
  company: 'Scaling Companies',
} as const satisfies Record<ProfileType, string>;

/** The tracking events (spec 001 §7) in words. */
export const trackingEventLabels = {
  VIEW_PROFILE_FROM_CARD: 'Profile viewed from a card',
  DISMISS_CARD: 'Card dismissed',
  EXPLORE_EXPERT_COMMUNITY: 'Expert community explored',
} as const;

/** The CRM's lost reasons (spec 000 §4) in words; the codes are what HubSpot and the built-in CRM store. */
export const lostReasonLabels = {
  expert_cancelled_request_to_venture: 'Advisor cancelled a request to a venture',
  venture_cancelled_request_to_expert: 'Venture cancelled a request to an advisor',
  expert_declined_venture_recommendation: 'Advisor passed over a suggested venture',
  venture_declined_expert_recommendation: 'Venture passed over a suggested advisor',
  expert_declined_request_from_venture: 'Advisor declined a request from a venture',
  venture_declined_request_from_expert: 'Venture declined a request from an advisor',
  recipient_declined_request: 'My Network: recipient declined',
  initiator_cancelled_request: 'My Network: initiator cancelled',
} as const satisfies Record<DealLostReason | NetworkLostReason, string>;

/** The two CRM pipelines in words. */
export const analyticsPipelineLabels = {
  connection: 'Connection',
  network: 'My Network',
} as const satisfies Record<CrmPipeline, string>;
