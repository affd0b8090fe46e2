const formatter = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** A row's time (created, next run) in the admin's locale. */
export function formatOutboxTime(ms: number): string {
  return formatter.format(new Date(ms));
}
