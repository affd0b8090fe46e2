/** Midnight UTC of the given instant's day: the spec's publish, pause, deactivation and disable dates. */
export function startOfUtcDay(at: Date = new Date()): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

/** Milliseconds since the epoch, as the API sends dates; null stays null. */
export function toMillis(date: Date | null | undefined): number | null {
  return date ? date.getTime() : null;
}
