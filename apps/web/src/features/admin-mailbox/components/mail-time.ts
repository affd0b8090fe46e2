const formatter = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A mail's time in the reader's locale and time zone. */
export function formatMailTime(ms: number): string {
  return formatter.format(new Date(ms));
}
