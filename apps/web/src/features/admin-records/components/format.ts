const formatter = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A record's date and time in the admin's locale. */
export function formatRecordTime(ms: number): string {
  return formatter.format(new Date(ms));
}
