import { connectionTexts, limits, profileTypes } from '@intergen/domain';
import { z } from 'zod';
import { MatchExplanationSchema, ProfileCardSchema } from './matching.ts';

/**
 * Connection requests, reviews, notifications and tracking (spec 000 §3/§4, 001 §5/§7/§9). A request's id
 * is its match suggestion's id.
 */

export const requesterKinds = ['expert', 'venture'] as const;

/**
 * A connection request as one of its two parties sees it. The sender never sees a denial or dismissal
 * (`notInterested` and `dismissed` read false for them: "They cannot see that you have declined the request"),
 * and each party sees only the rating they gave (the other rating reads null).
 */
export const ConnectionRequestSchema = z.object({
  id: z.string(),
  expertId: z.string(),
  companyId: z.string(),
  /** Who sent it: `expert` or `venture` (spec naming). */
  requestedBy: z.enum(requesterKinds),
  /** Whether the caller sent it (`sent`) or received it (`received`). */
  direction: z.enum(['sent', 'received']),
  /** The message as typed, newlines kept (stored escaped). */
  message: z.string(),
  seen: z.boolean(),
  notInterested: z.boolean(),
  accepted: z.boolean(),
  dismissed: z.boolean(),
  /** The connection was closed, by either party (spec 000 §4). */
  closed: z.boolean(),
  /** The caller closed it without a review: their review prompt ended (the other party's close is not this). */
  reviewClosed: z.boolean(),
  isPending: z.boolean(),
  requestSentAt: z.number(),
  connectedOn: z.number().nullable(),
  closedOn: z.number().nullable(),
  expertCompletedSurvey: z.boolean(),
  companyCompletedSurvey: z.boolean(),
  /** The company's rating of the expert. */
  expertRating: z.number().nullable(),
  /** The expert's rating of the company. */
  ventureRating: z.number().nullable(),
  counterpart: ProfileCardSchema,
  /** The counterpart's contact details: only once connected (accepted). */
  contact: z
    .object({
      email: z.string(),
      phone: z.string().nullable(),
      linkedin: z.string().nullable(),
      jobTitle: z.string().nullable(),
    })
    .nullable(),
  /** Why this match: on a request as sent or answered, and in `GET /api/connections` on received requests only. */
  explanation: MatchExplanationSchema.nullable(),
});
export type ConnectionRequest = z.infer<typeof ConnectionRequestSchema>;

/**
 * `GET /api/connections`: the caller's buckets (spec 000 §4). `received` holds open requests to the caller (not
 * accepted, dismissed or declined; for companies not pending); `sent` the caller's requests not accepted yet;
 * `unrated` connections (accepted) the caller has neither reviewed nor closed; `rated` connections the caller has
 * reviewed or closed without a review (their review prompt stops; the rating stays null). One party's close
 * leaves the other's connection unrated.
 */
export const ConnectionBucketsSchema = z.object({
  received: z.array(ConnectionRequestSchema),
  sent: z.array(ConnectionRequestSchema),
  unrated: z.array(ConnectionRequestSchema),
  rated: z.array(ConnectionRequestSchema),
  /**
   * The hosted survey form for the caller's role (settings `surveyForms`), or null: the review dialog then
   * shows the rating with an optional comment instead of the embedded form and its checkbox (DESIGN.md §4).
   */
  surveyFormUrl: z.string().nullable(),
});
export type ConnectionBuckets = z.infer<typeof ConnectionBucketsSchema>;

/** `POST /api/connections`: send a request from a suggestion; repeating it is idempotent. */
export const SendRequestBodySchema = z.object({
  suggestionId: z.string().min(1),
  message: z.string().max(limits.connectMessageMax, connectionTexts.messageTooLong).default(''),
});
export type SendRequestBody = z.input<typeof SendRequestBodySchema>;
export const ConnectionRequestResponseSchema = z.object({ request: ConnectionRequestSchema });
export type ConnectionRequestResponse = z.infer<typeof ConnectionRequestResponseSchema>;

/** How many requests one `POST /api/connections/seen` marks at most: a page of cards, with room. */
export const seenBatchMaximum = 100;

/** `POST /api/connections/seen`: the received requests a row of cards has just shown. */
export const ConnectionsSeenBodySchema = z.object({
  ids: z.array(z.string().min(1).max(200)).min(1).max(seenBatchMaximum),
});
/** The ids of those that were not seen before and are now: the others were seen already, or not the caller's. */
export const ConnectionsSeenResponseSchema = z.object({ seen: z.array(z.string()) });

/** `POST /api/connections/:id/cancel`: the sender takes the request back; the request is deleted. */
export const CancelRequestResponseSchema = z.object({ cancelled: z.boolean() });
export type CancelRequestResponse = z.infer<typeof CancelRequestResponseSchema>;

/**
 * `POST /api/connections/:id/{accept|deny|dismiss|seen|cancel|close}` take no body (`:id` is `IdParamsSchema`);
 * `…/survey` takes this.
 */
export const SurveyBodySchema = z.object({
  rating: z.number().int().min(1).max(5),
  /** Only when no hosted survey form is configured (DESIGN.md §4). */
  comment: z.string().max(2000).optional(),
});
export type SurveyBody = z.infer<typeof SurveyBodySchema>;

/** Notifications (spec 000 §3): what they refer to, and the flags the header's centre sets. */
export const notificationKinds = [
  'suggestion',
  'request_received',
  'request_accepted',
  'profile_approved',
  'network_request',
  'network_accepted',
] as const;
export const NotificationSchema = z.object({
  id: z.string(),
  kind: z.enum(notificationKinds),
  hasSeen: z.boolean(),
  hasDismissed: z.boolean(),
  hasExplored: z.boolean(),
  createdAt: z.number(),
  /** The other member it is about, when there is one. */
  counterpart: z
    .object({
      id: z.string(),
      kind: z.enum(profileTypes),
      name: z.string(),
      companyName: z.string().nullable(),
    })
    .nullable(),
  suggestionId: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;
/** `GET /api/notifications`: the newest, at most `limits.notificationFetchLimit`, not dismissed. */
export const NotificationsResponseSchema = z.object({
  notifications: z.array(NotificationSchema),
  unseen: z.number(),
});
export type NotificationsResponse = z.infer<typeof NotificationsResponseSchema>;
/** `POST /api/notifications/seen` (all when no ids), `…/:id/dismiss`, `…/:id/explore`. */
export const NotificationsSeenBodySchema = z.object({ ids: z.array(z.string()).max(100).optional() });

/** `POST /api/tracking`: analytics events of spec 001 §7. */
export const trackingEventTypes = [
  'VIEW_PROFILE_FROM_CARD',
  'DISMISS_CARD',
  'EXPLORE_EXPERT_COMMUNITY',
] as const;
export const TrackingBodySchema = z.object({
  type: z.enum(trackingEventTypes),
  /** VIEW_PROFILE_FROM_CARD: the viewed profile; DISMISS_CARD: the dismissed one. */
  targetId: z.string().max(200).optional(),
  /** DISMISS_CARD: the tab the card was on. */
  tab: z.string().max(50).optional(),
});
export type TrackingBody = z.infer<typeof TrackingBodySchema>;
/** Admin: `GET /api/admin/tracking/summary`, how often each event was recorded in the last `days` days. */
export const TrackingSummaryResponseSchema = z.object({
  days: z.number(),
  counts: z.array(z.object({ type: z.enum(trackingEventTypes), count: z.number() })),
});
export type TrackingSummaryResponse = z.infer<typeof TrackingSummaryResponseSchema>;
