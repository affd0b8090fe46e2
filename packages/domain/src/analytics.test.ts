import { describe, expect, it } from 'vitest';
import { analyticsRange, isoWeekLabel, isoWeekStart } from './analytics.ts';
import { adminAnalyticsTexts } from './texts/admin-analytics.ts';

const at = (iso: string) => new Date(iso);

describe('ISO weeks', () => {
  it('start on Monday at midnight UTC', () => {
    expect(isoWeekStart(at('2026-01-14T23:59:59Z')).toISOString()).toBe('2026-01-12T00:00:00.000Z');
    expect(isoWeekStart(at('2026-01-12T00:00:00Z')).toISOString()).toBe('2026-01-12T00:00:00.000Z');
    // A Sunday belongs to the week that began six days before.
    expect(isoWeekStart(at('2026-01-18T12:00:00Z')).toISOString()).toBe('2026-01-12T00:00:00.000Z');
  });

  it('are named by the year of their Thursday', () => {
    expect(isoWeekLabel(at('2026-01-12T00:00:00Z'))).toBe('2026-W03');
    // 1 January 2021 was a Friday: it belongs to the last week of 2020, which had 53.
    expect(isoWeekLabel(at('2021-01-01T00:00:00Z'))).toBe('2020-W53');
    // 29 December 2025 is a Monday whose Thursday is 1 January 2026.
    expect(isoWeekLabel(at('2025-12-29T00:00:00Z'))).toBe('2026-W01');
    expect(isoWeekLabel(at('2026-12-31T00:00:00Z'))).toBe('2026-W53');
  });
});

describe('the range an admin asks for', () => {
  const today = at('2026-03-04T10:00:00Z'); // a Wednesday of 2026-W10

  it('is the last 12 weeks, this one included, when nothing is named', () => {
    const result = analyticsRange({}, today);
    if (!result.ok) throw new Error(result.message);
    expect(result.range.weeks).toHaveLength(12);
    expect(result.range.weeks[0]).toEqual({ week: '2025-W51', start: '2025-12-15' });
    expect(result.range.weeks[11]).toEqual({ week: '2026-W10', start: '2026-03-02' });
    expect(result.range.from.toISOString()).toBe('2025-12-15T00:00:00.000Z');
    expect(result.range.to.toISOString()).toBe('2026-03-09T00:00:00.000Z');
  });

  it('widens dates to whole weeks', () => {
    const result = analyticsRange({ from: '2026-01-14', to: '2026-01-20' }, today);
    if (!result.ok) throw new Error(result.message);
    expect(result.range.weeks.map((w) => w.week)).toEqual(['2026-W03', '2026-W04']);
    expect(result.range.to.toISOString()).toBe('2026-01-26T00:00:00.000Z');
  });

  it('runs from a start to this week, or back 12 weeks from an end', () => {
    const since = analyticsRange({ from: '2026-02-23' }, today);
    expect(since.ok && since.range.weeks.map((w) => w.week)).toEqual(['2026-W09', '2026-W10']);
    const until = analyticsRange({ to: '2026-01-14' }, today);
    expect(until.ok && until.range.weeks.length).toBe(12);
    expect(until.ok && until.range.weeks[11]!.week).toBe('2026-W03');
    const weeks = analyticsRange({ weeks: 1 }, today);
    expect(weeks.ok && weeks.range.weeks.map((w) => w.week)).toEqual(['2026-W10']);
  });

  it('refuses weeks with dates, a start after the end, and more than 156 weeks', () => {
    expect(analyticsRange({ weeks: 4, from: '2026-01-01' }, today)).toEqual({
      ok: false,
      path: 'weeks',
      message: adminAnalyticsTexts.weeksOrDates,
    });
    expect(analyticsRange({ from: '2026-02-01', to: '2026-01-01' }, today)).toMatchObject({
      ok: false,
      path: 'to',
    });
    expect(analyticsRange({ from: '2020-01-01' }, today)).toMatchObject({ ok: false, path: 'from' });
    expect(analyticsRange({ from: '2023-03-13', to: '2026-03-08' }, today).ok).toBe(true);
    expect(analyticsRange({ from: '2023-03-12', to: '2026-03-08' }, today).ok).toBe(false);
  });
});
