import { type ProfileStatus, profileStatusLabels } from '@intergen/domain';

/** The admin profiles page's own words (an admin tool: the spec quotes none of them). */
export const adminTexts = {
  pageTitle: 'Profiles',
  pageDescription: 'Approve business advisors, and see and change any profile’s status.',
  awaitingTitle: 'Awaiting approval',
  awaitingEmpty: 'No business advisor is waiting for approval.',
  allTitle: 'All profiles',
  allEmpty: 'No profile matches these filters.',
  kindFilter: 'Type',
  statusFilter: 'Status',
  any: 'Any',
  name: 'Name',
  kind: 'Type',
  status: 'Status',
  completion: 'Completion',
  emailVerified: 'E-mail verified',
  verified: 'Verified',
  updated: 'Updated',
  actions: 'Actions',
  yes: 'Yes',
  no: 'No',
  open: 'Open',
  approve: 'Approve',
  publish: 'Publish',
  verify: 'Verify',
  unverify: 'Unverify',
  activate: 'Activate',
  deactivate: 'Deactivate',
  unpublish: 'Unpublish',
  moreActions: (name: string) => `More actions for ${name}`,
  reasonLabel: 'Reason',
  reasonRequired: 'Please give a reason.',
  reasonTitle: (action: string, name: string) => `${action} ${name}`,
  deactivateHint: 'The member is signed out at once and cannot sign in until the profile is activated again.',
  unpublishHint: 'The profile leaves the community until it is published again.',
  cancel: 'Cancel',
  refresh: 'Refresh',
  loading: 'Loading profiles',
  backToProfiles: 'All profiles',
  statusPanel: 'Status',
  email: 'E-mail',
  sectionCompletion: 'Completion by section',
  publishDate: 'Published on',
  pausedDate: 'Paused on',
  pauseReason: 'Pause reason',
  deactivatedDate: 'Deactivated on',
  disableReason: 'Disable or unpublish reason',
  private: 'Private',
  pendingChanges: 'Unpublished edits',
  rating: 'Rating',
  ratingValue: (average: number, count: number) => `${average.toFixed(2)} from ${count} reviews`,
} as const;

export const statusLabels: Record<ProfileStatus, string> = profileStatusLabels;

export const statusColors: Record<ProfileStatus, string> = {
  published: 'green',
  pending: 'blue',
  paused: 'yellow',
  inactive: 'red',
  disabled: 'gray',
  complete: 'indigo',
  incomplete: 'gray',
};

/** A date (milliseconds) as the admin reads it. */
export function formatDate(ms: number | null): string {
  if (ms === null) return '—';
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(ms);
}
