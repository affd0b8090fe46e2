/**
 * Notifications: the header's notification centre and the notices in it (spec 000 §3 names notifications and
 * their flags but quotes no text; these are ours). One source for the server and the web.
 */
export const notificationTexts = {
  title: 'Notifications',
  /** The bell's accessible name: the unseen count is part of it. */
  bellLabel: (unseen: number) => (unseen > 0 ? `Notifications (${unseen} unseen)` : 'Notifications'),
  empty: 'No notifications yet',
  /** One line per kind; `name` is the other member. */
  item: {
    suggestion: (name: string) => `New match suggestion: ${name}`,
    request_received: (name: string) => `${name} sent you a connection request`,
    request_accepted: (name: string) => `${name} accepted your connection request`,
    profile_approved: () => 'Your profile has been approved',
    network_request: (name: string) => `${name} wants to add you to their network`,
    network_accepted: (name: string) => `${name} accepted your network request`,
  },
  /** Stands in for a member whose name is no longer known. */
  someone: 'A member',
  unseen: 'New',
  justNow: 'just now',
  dismiss: (text: string) => `Dismiss: ${text}`,
  loading: 'Loading notifications',
  loadFailed: 'Your notifications could not be loaded.',
  notFound: 'Notification not found',
} as const;

export type NotificationTextKind = keyof typeof notificationTexts.item;

/** The centre's line for one notification. */
export function notificationText(kind: NotificationTextKind, counterpartName: string | null): string {
  return notificationTexts.item[kind](counterpartName ?? notificationTexts.someone);
}
