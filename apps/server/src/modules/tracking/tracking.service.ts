import {
  type AdminAnalyticsResponse,
  type TrackingBody,
  type TrackingSummaryResponse,
  trackingEventTypes,
} from '@intergen/contracts';
import { type AnalyticsRange, trackingTexts } from '@intergen/domain';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import * as repo from './tracking.repository.ts';

/** The admin summary covers this many days. */
export const TRACKING_SUMMARY_DAYS = 30;

/**
 * Analytics events of spec 001 §7 (the original's tracking queue): stored as they come, for admins to count.
 * A card event names its card (`targetId`); a dismissal also names the tab it happened on.
 */
export function createTrackingService(deps: { database: Database; now?: () => Date }) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());
  return {
    /** Stores one event of the signed-in member. */
    async record(userId: string, body: TrackingBody): Promise<void> {
      const needsTarget = body.type === 'VIEW_PROFILE_FROM_CARD' || body.type === 'DISMISS_CARD';
      if (needsTarget && !body.targetId) {
        throw badRequest('VALIDATION_FAILED', trackingTexts.targetRequired, [
          { path: 'targetId', message: trackingTexts.targetRequired },
        ]);
      }
      if (body.type === 'DISMISS_CARD' && !body.tab) {
        throw badRequest('VALIDATION_FAILED', trackingTexts.tabRequired, [
          { path: 'tab', message: trackingTexts.tabRequired },
        ]);
      }
      await repo.insertTrackingEvent(db, {
        userId,
        type: body.type,
        targetId: needsTarget ? (body.targetId ?? null) : null,
        tab: body.type === 'DISMISS_CARD' ? (body.tab ?? null) : null,
        createdAt: now(),
      });
    },

    /** Counts per event type over the last 30 days (every type listed, zero included). */
    async summary(now = new Date()): Promise<TrackingSummaryResponse> {
      const since = new Date(now.getTime() - TRACKING_SUMMARY_DAYS * 24 * 60 * 60 * 1000);
      const counts = await repo.countByType(db, trackingEventTypes, since);
      return {
        days: TRACKING_SUMMARY_DAYS,
        counts: trackingEventTypes.map((type) => ({ type, count: counts.get(type) ?? 0 })),
      };
    },

    /** Counts per event type in each week of an analytics range, and over the range (every type, zeros included). */
    async countsPerWeek(range: AnalyticsRange): Promise<AdminAnalyticsResponse['tracking']> {
      const rows = await repo.countByTypePerWeek(db, trackingEventTypes, range);
      const found = new Map(rows.map((r) => [`${r.week}|${r.type}`, r.n]));
      const weeks = range.weeks.map(({ week, start }) => ({
        week,
        start,
        counts: Object.fromEntries(
          trackingEventTypes.map((type) => [type, found.get(`${start}|${type}`) ?? 0]),
        ) as Record<(typeof trackingEventTypes)[number], number>,
      }));
      const totals = trackingEventTypes.map((type) => ({
        type,
        count: weeks.reduce((sum, w) => sum + w.counts[type], 0),
      }));
      return { weeks, totals };
    },
  };
}

export type TrackingService = ReturnType<typeof createTrackingService>;
