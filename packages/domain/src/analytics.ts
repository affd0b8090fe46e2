import { type DealLostReason, dealLostReasons } from './connections.ts';
import type { CrmPipeline } from './crm.ts';
import { type NetworkLostReason, networkLostReasonNames } from './network.ts';
import { adminAnalyticsTexts } from './texts/admin-analytics.ts';

/**
 * The admin's analytics beyond its words (texts/admin-analytics.ts) and its funnel (funnel.ts): the lost reasons,
 * the ISO weeks the funnel is counted in (UTC, Monday first), and the range an admin may ask for.
 */

/** Every lost reason a deal can end with (spec 000 §4), connection deals first, then My Network's. */
export const analyticsLostReasons: readonly {
  reason: DealLostReason | NetworkLostReason;
  pipeline: CrmPipeline;
}[] = [
  ...dealLostReasons.map((reason) => ({ reason, pipeline: 'connection' as const })),
  ...networkLostReasonNames.map((reason) => ({ reason, pipeline: 'network' as const })),
];

/** Weeks shown when the admin names no range; the most one range may hold (three years). */
export const analyticsDefaultWeeks = 12;
export const analyticsMaxWeeks = 156;
/** The days an admin may name (older or later ones are a typing mistake, and beyond what the database keeps). */
export const analyticsFirstDay = '2000-01-01';
export const analyticsLastDay = '2100-12-31';

const dayMs = 86_400_000;
const weekMs = 7 * dayMs;

/** Midnight UTC of the Monday that starts the ISO week holding `at`. */
export function isoWeekStart(at: Date): Date {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * dayMs);
}

/** The ISO week holding `at`, as `2026-W03` (the year is the one its Thursday falls in). */
export function isoWeekLabel(at: Date): string {
  const thursday = new Date(isoWeekStart(at).getTime() + 3 * dayMs);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / weekMs) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** `YYYY-MM-DD` of a moment, in UTC. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** One ISO week of a range: its label and its Monday (`YYYY-MM-DD`). */
export interface AnalyticsWeek {
  week: string;
  start: string;
}

/** Whole ISO weeks: `from` is the first Monday, `to` the Monday after the last week (exclusive). */
export interface AnalyticsRange {
  from: Date;
  to: Date;
  weeks: AnalyticsWeek[];
}

/** What the admin asked for: a number of weeks up to this one, or dates (either may be left out). */
export interface AnalyticsRangeInput {
  from?: string;
  to?: string;
  weeks?: number;
}

export type AnalyticsRangeResult =
  | { ok: true; range: AnalyticsRange }
  | { ok: false; path: 'from' | 'to' | 'weeks'; message: string };

/**
 * The whole ISO weeks an admin's query covers, `today` being now. Nothing named: the last 12 weeks, this one
 * included. `weeks`: that many, up to this one. `from` alone: up to this week; `to` alone: the 12 weeks up to
 * it. Weeks and dates together, a start after the end, or more than 156 weeks are refused with the field's name.
 */
export function analyticsRange(input: AnalyticsRangeInput, today: Date): AnalyticsRangeResult {
  const t = adminAnalyticsTexts;
  if (input.weeks !== undefined && (input.from || input.to)) {
    return { ok: false, path: 'weeks', message: t.weeksOrDates };
  }
  const from = input.from ? isoWeekStart(new Date(`${input.from}T00:00:00Z`)) : null;
  const to = input.to ? isoWeekStart(new Date(`${input.to}T00:00:00Z`)) : null;
  const last = to ?? (from && from > today ? from : isoWeekStart(today));
  const first = from ?? new Date(last.getTime() - ((input.weeks ?? analyticsDefaultWeeks) - 1) * weekMs);
  if (first > last) return { ok: false, path: 'to', message: t.fromAfterTo };
  const count = Math.round((last.getTime() - first.getTime()) / weekMs) + 1;
  if (count > analyticsMaxWeeks) {
    return { ok: false, path: input.from ? 'from' : 'weeks', message: t.tooLong(analyticsMaxWeeks) };
  }
  const weeks = Array.from({ length: count }, (_, i) => {
    const start = new Date(first.getTime() + i * weekMs);
    return { week: isoWeekLabel(start), start: utcDay(start) };
  });
  return { ok: true, range: { from: first, to: new Date(last.getTime() + weekMs), weeks } };
}
