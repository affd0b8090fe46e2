import {
  adminAnalyticsTexts,
  analyticsFirstDay,
  analyticsLastDay,
  analyticsMaxWeeks,
  crmPipelines,
  dealLostReasons,
  type FunnelStage,
  networkLostReasonNames,
  profileTypes,
} from '@intergen/domain';
import { z } from 'zod';
import { trackingEventTypes } from './connections.ts';

/** A day an admin names, `YYYY-MM-DD`, between 2000 and 2100. */
const Day = z.iso
  .date()
  .refine((day) => day >= analyticsFirstDay && day <= analyticsLastDay, adminAnalyticsTexts.dayOutOfRange);

/**
 * `GET /api/admin/analytics`: `weeks` (up to this one) or `from`/`to` (widened to whole ISO weeks), default the
 * last 12 weeks; `role` narrows the funnel. How they combine: the domain's `analyticsRange`.
 */
export const AdminAnalyticsQuerySchema = z.object({
  from: Day.optional(),
  to: Day.optional(),
  weeks: z.coerce.number().int().min(1).max(analyticsMaxWeeks).optional(),
  role: z.enum(profileTypes).optional(),
});
export type AdminAnalyticsQuery = z.infer<typeof AdminAnalyticsQuerySchema>;

const count = z.number().int().min(0);
const FunnelCountsSchema = z.object({
  signedUp: count,
  complete: count,
  published: count,
  suggested: count,
  requested: count,
  accepted: count,
  reviewed: count,
} satisfies Record<FunnelStage, typeof count>);
export type FunnelCountsDto = z.infer<typeof FunnelCountsSchema>;

const WeekSchema = z.object({
  /** ISO week, `2026-W03`. */
  week: z.string(),
  /** Its Monday, `YYYY-MM-DD` (UTC). */
  start: z.string(),
});

const role = z.enum(profileTypes);
const trackingType = z.enum(trackingEventTypes);
export const analyticsLostReasonCodes = [...dealLostReasons, ...networkLostReasonNames] as const;

export const AdminAnalyticsResponseSchema = z.object({
  range: z.object({
    /** The first Monday and the last Sunday of the range. */
    from: z.string(),
    to: z.string(),
    weeks: z.array(WeekSchema),
  }),
  /** The role the funnel is narrowed to, or null for both. */
  role: role.nullable(),
  funnel: z.object({
    /** One row per week of the range and role in scope (weeks without sign-ups have zeros). */
    weeks: z.array(WeekSchema.extend({ role }).extend(FunnelCountsSchema.shape)),
    /** The range's cohort per role in scope. */
    totals: z.array(z.object({ role }).extend(FunnelCountsSchema.shape)),
    /** The range's cohort, roles in scope together. */
    overall: FunnelCountsSchema,
  }),
  tracking: z.object({
    /** One row per week of the range, every event type counted. */
    weeks: z.array(WeekSchema.extend({ counts: z.record(trackingType, count) })),
    totals: z.array(z.object({ type: trackingType, count })),
  }),
  /** Every lost reason of both pipelines, with how many deals were lost for it in the range. */
  lostReasons: z.array(
    z.object({ reason: z.enum(analyticsLostReasonCodes), pipeline: z.enum(crmPipelines), count }),
  ),
});
export type AdminAnalyticsResponse = z.infer<typeof AdminAnalyticsResponseSchema>;
