import { disableReasons, pauseReasons } from '@intergen/contracts';
import {
  dealLostReasons,
  networkLostReasonNames,
  networkStageNames,
  profileTypes,
  type SectionId,
} from '@intergen/domain';
import { z } from 'zod';

/**
 * One schema per domain event type: the envelope (`type`, `userId`: the member the event is about) and the
 * payload that type carries. Payloads are strict: a field that is not listed here is a publishing mistake, not
 * something a subscriber silently never sees. `publishEvent` parses every event before writing it, and every
 * subscriber's outbox handler parses the delivered message before it runs.
 */

const id = z.string().min(1);
const kind = z.enum(profileTypes);
const sectionIds = ['basics', 'profile', 'extras'] as const satisfies readonly SectionId[];

const event = <T extends string, P extends z.ZodRawShape>(type: T, payload: P) =>
  z.object({ type: z.literal(type), userId: id, payload: z.strictObject(payload) });

/** Every profile event names the profile (its owner's id) and its kind. */
const profileEvent = <T extends string, P extends z.ZodRawShape>(type: T, payload: P) =>
  event(type, { profileId: id, kind, ...payload });

/**
 * What every connection event carries for the CRM's deal mapping (spec 000 §4); `suggestionId` equals
 * `requestId`, `dealId` is the suggestion's deal id, `by` the member who acted (also the event's `userId`).
 */
export const DealPayloadSchema = z.strictObject({
  requestId: id,
  suggestionId: id,
  expertId: id,
  companyId: id,
  dealId: id.nullable(),
  requestedBy: z.enum(['expert', 'venture']),
  senderId: id,
  recipientId: id,
  by: id,
  isPending: z.boolean(),
});
export type DealPayload = z.infer<typeof DealPayloadSchema>;

const connectionEvent = <T extends string, P extends z.ZodRawShape>(type: T, payload: P) =>
  event(type, { ...DealPayloadSchema.shape, ...payload });

const publishDate = z.number().int();
const fields = z.array(z.string());
const lostReason = z.enum(dealLostReasons);
/** A request's message and the pair's stored score (null before one is computed). */
const requestText = { message: z.string(), score: z.number().nullable() };

export const ProfileUpdatedEventSchema = profileEvent('profile.updated', {
  /** The data fields that changed (none when only onboarding completed). */
  fields,
  /** A wizard save: its section, and whether it was kept as pending edits of a published profile. */
  section: z.enum(sectionIds).optional(),
  pending: z.boolean().optional(),
  /** The Update button applied the pending edits. */
  applied: z.literal(true).optional(),
  /** The review step was reached. */
  onboardingComplete: z.literal(true).optional(),
  /** A company's yearly confirmation of its figures. */
  annualConfirmation: z.literal(true).optional(),
});
export const ProfileSubmittedEventSchema = profileEvent('profile.submitted', {});
/** A company's own publish (no `by`) or an admin's (`by`: the admin). */
export const ProfilePublishedEventSchema = profileEvent('profile.published', {
  by: id.optional(),
  publishDate,
});
export const ProfileApprovedEventSchema = profileEvent('profile.approved', { by: id, publishDate });
export const ProfileUnpublishedEventSchema = profileEvent('profile.unpublished', {
  by: id,
  reason: z.string(),
});
export const ProfilePausedEventSchema = profileEvent('profile.paused', {
  reason: z.enum(pauseReasons).nullable(),
  text: z.string().nullable(),
  pausedBy: id,
});
export const ProfileUnpausedEventSchema = profileEvent('profile.unpaused', {});
export const ProfileDeactivatedEventSchema = profileEvent('profile.deactivated', {
  by: id,
  reason: z.string(),
});
/** `restored`: the state the reactivation gave back (null: none, the profile stays as it was). */
export const ProfileActivatedEventSchema = profileEvent('profile.activated', {
  by: id,
  restored: z.enum(['published', 'pending']).nullable(),
});
export const ProfileDisabledEventSchema = profileEvent('profile.disabled', {
  reasons: z.array(z.enum(disableReasons)),
  text: z.string().nullable(),
});
export const ProfileVerifiedEventSchema = profileEvent('profile.verified', { by: id });
export const ProfileUnverifiedEventSchema = profileEvent('profile.unverified', { by: id });
export const ProfilePrivacyChangedEventSchema = profileEvent('profile.privacy_changed', {
  private: z.boolean(),
});

/**
 * Asks the matching job to score a profile. `reason`: `published` (a company's publish), `approved` (an
 * expert's approval), `facetsChanged` (a published profile's Update changed matching fields, listed in
 * `fields`); absent after an expert's submit, which only scores.
 */
export const MatchingRequestedEventSchema = profileEvent('matching.requested', {
  reason: z.enum(['published', 'approved', 'facetsChanged']).optional(),
  fields: fields.optional(),
});

/** `createdBy`: an admin's id, or `matcher` for an automatic suggestion. */
export const SuggestionCreatedEventSchema = event('suggestion.created', {
  suggestionId: id,
  expertId: id,
  companyId: id,
  score: z.number(),
  position: z.number().int(),
  createdBy: id,
});
/**
 * A member dismissed a suggestion, or put a member on their not-interested list (then `suggestionId` is the
 * pair's suggestion if there is one, and an expert passing over another expert has no pair at all).
 */
export const SuggestionDismissedEventSchema = event('suggestion.dismissed', {
  suggestionId: id.nullable(),
  expertId: id.optional(),
  companyId: id.optional(),
  counterpartId: id,
  dismissedBy: kind,
});

export const ConnectionRequestedEventSchema = connectionEvent('connection.requested', requestText);
/** An expert's request held while they awaited approval goes out with the approval. */
export const ConnectionReleasedEventSchema = connectionEvent('connection.released', requestText);
export const ConnectionAcceptedEventSchema = connectionEvent('connection.accepted', {});
export const ConnectionDeniedEventSchema = connectionEvent('connection.denied', { lostReason });
export const ConnectionDismissedEventSchema = connectionEvent('connection.dismissed', { lostReason });
export const ConnectionCancelledEventSchema = connectionEvent('connection.cancelled', { lostReason });
/**
 * A party closed the connection without a review: `side` is theirs, `connectionClosed` whether this was the
 * first close (which closes the connection), `surveyed` whether either party has reviewed it.
 */
export const ConnectionClosedEventSchema = connectionEvent('connection.closed', {
  side: kind,
  connectionClosed: z.boolean(),
  surveyed: z.boolean(),
});
/** A party's review: the rating (1 to 5) and the member it rates. */
export const SurveySubmittedEventSchema = connectionEvent('survey.submitted', {
  rating: z.number(),
  ratedId: id,
  ratedKind: kind,
});

/**
 * What every My Network event carries for the CRM's My Network deal (spec 000 §4, 001 §7
 * `/hubspot/deal/my-network/…`): the two experts and their names, the deal's stage and lost reason, the deal id.
 */
const networkEvent = <T extends string>(type: T) =>
  event(type, {
    requestId: id,
    initiatorId: id,
    recipientId: id,
    initiatorName: z.string(),
    recipientName: z.string(),
    stage: z.enum(networkStageNames),
    lostReason: z.enum(networkLostReasonNames).nullable(),
    dealId: id.nullable(),
  });
export const NetworkRequestedEventSchema = networkEvent('network.requested');
export const NetworkAcceptedEventSchema = networkEvent('network.accepted');
export const NetworkDeclinedEventSchema = networkEvent('network.declined');
export const NetworkCancelledEventSchema = networkEvent('network.cancelled');

/**
 * A member's account was deleted (DESIGN.md §4), by an admin (`by`) or by the member. It carries only ids: the
 * member's other events are deleted with them, and this one stays as the record that they were.
 */
export const MemberDeletedEventSchema = event('member.deleted', {
  memberId: id,
  kind: kind.nullable(),
  by: id.optional(),
});

/** Every domain event the app publishes, told apart by `type`. */
export const DomainEventSchema = z.discriminatedUnion('type', [
  ProfileUpdatedEventSchema,
  ProfileSubmittedEventSchema,
  ProfilePublishedEventSchema,
  ProfileApprovedEventSchema,
  ProfileUnpublishedEventSchema,
  ProfilePausedEventSchema,
  ProfileUnpausedEventSchema,
  ProfileDeactivatedEventSchema,
  ProfileActivatedEventSchema,
  ProfileDisabledEventSchema,
  ProfileVerifiedEventSchema,
  ProfileUnverifiedEventSchema,
  ProfilePrivacyChangedEventSchema,
  MatchingRequestedEventSchema,
  SuggestionCreatedEventSchema,
  SuggestionDismissedEventSchema,
  ConnectionRequestedEventSchema,
  ConnectionReleasedEventSchema,
  ConnectionAcceptedEventSchema,
  ConnectionDeniedEventSchema,
  ConnectionDismissedEventSchema,
  ConnectionCancelledEventSchema,
  ConnectionClosedEventSchema,
  SurveySubmittedEventSchema,
  NetworkRequestedEventSchema,
  NetworkAcceptedEventSchema,
  NetworkDeclinedEventSchema,
  NetworkCancelledEventSchema,
  MemberDeletedEventSchema,
]);
export type DomainEvent = z.infer<typeof DomainEventSchema>;
export type DomainEventType = DomainEvent['type'];
/** The event of one type. */
export type DomainEventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;
/** The payload one event type carries. */
export type DomainEventPayload<T extends DomainEventType> = DomainEventOf<T>['payload'];

/** The event types about one profile's own state (their payloads start with `profileId` and `kind`). */
export type ProfileEventType = Extract<DomainEventType, `profile.${string}`>;
/** The event types of a connection request (their payloads start with what the CRM's deal mapping needs). */
export type ConnectionEventType = Extract<
  DomainEvent,
  { payload: { requestId: string; suggestionId: string } }
>['type'];

/** The event types of a My Network request. */
export type NetworkEventType = Extract<DomainEventType, `network.${string}`>;

/** Every domain event type, in the order above. */
export const domainEventTypes: readonly DomainEventType[] = DomainEventSchema.options.map(
  (option) => option.shape.type.value,
);

/**
 * What a subscriber's outbox handler receives: the event, the id it was stored under and when it happened (ms;
 * absent from deliveries queued before it was sent).
 */
export const DomainEventMessageSchema = z
  .object({ eventId: z.number().int(), occurredAt: z.number().int().optional() })
  .and(DomainEventSchema);
export type DomainEventMessage = z.infer<typeof DomainEventMessageSchema>;
