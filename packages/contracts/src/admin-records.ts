import { limits } from '@intergen/domain';
import { z } from 'zod';
import { isStorableText } from './input.ts';

/**
 * The admin's read views of every suggestion, connection or My Network request and score (spec 001
 * §6). Each list pages by an opaque keyset cursor (the `nextCursor` of the page before: stable while rows are
 * added), 12 rows a page by default (spec 001 §9, table views), with the total for the current filter.
 */

/** Sort direction of a list. */
export const adminRecordOrders = ['desc', 'asc'] as const;
export type AdminRecordOrder = (typeof adminRecordOrders)[number];

/** A name or e-mail searched for (part of an expert's name, a company's or its contact's name, a login e-mail). */
// A member's whole e-mail address fits (the member page links to the lists searched for it).
const SearchSchema = z.string().trim().max(254).refine(isStorableText).optional();
/** An opaque page cursor (base64url). */
const CursorSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,400}$/)
  .optional();
const LimitSchema = z.coerce.number().int().min(1).max(100).default(limits.tablePageSize);

/** Someone a row names: their user id, name as it is now, and side. */
export const AdminPartySchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(['expert', 'company']),
});
export type AdminParty = z.infer<typeof AdminPartySchema>;

/** What every page answers besides its rows: the total for the filter and the next page's cursor. */
const pageOf = <Row extends z.ZodType>(row: Row) =>
  z.object({ rows: z.array(row), total: z.number(), nextCursor: z.string().nullable() });

// Suggestions

/**
 * A suggestion's state, derived in this priority: requested (a request was sent), dismissed by the expert,
 * dismissed by the company, else open.
 */
export const adminSuggestionStates = [
  'open',
  'requested',
  'dismissedByExpert',
  'dismissedByCompany',
] as const;
export type AdminSuggestionState = (typeof adminSuggestionStates)[number];

/** GET /api/admin/suggestions: by created date (newest first by default). */
export const AdminSuggestionsQuerySchema = z.object({
  state: z.enum(adminSuggestionStates).optional(),
  search: SearchSchema,
  order: z.enum(adminRecordOrders).default('desc'),
  cursor: CursorSchema,
  limit: LimitSchema,
});
export type AdminSuggestionsQuery = z.input<typeof AdminSuggestionsQuerySchema>;

export const AdminSuggestionSchema = z.object({
  id: z.string(),
  expert: AdminPartySchema,
  company: AdminPartySchema,
  createdAt: z.number(),
  /** Made by an admin by hand, or by the automatic matcher after a publish or approval. */
  source: z.enum(['admin', 'matcher']),
  /** The admin who made it (null for the matcher, or an admin no longer known). */
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The counterpart's rank in the automatic run that made it (1 = best); 0 for an admin's pick. */
  position: z.number(),
  state: z.enum(adminSuggestionStates),
  requestSentAt: z.number().nullable(),
  dealId: z.string().nullable(),
});
export type AdminSuggestion = z.infer<typeof AdminSuggestionSchema>;
export const AdminSuggestionsResponseSchema = pageOf(AdminSuggestionSchema);
export type AdminSuggestionsResponse = z.infer<typeof AdminSuggestionsResponseSchema>;

// Requests

/** A connection request (expert ↔ company) or a My Network request (expert ↔ expert). */
export const adminRequestKinds = ['connection', 'network'] as const;
export type AdminRequestKind = (typeof adminRequestKinds)[number];

/**
 * A request's state. A connection request: closed, else connected (accepted), else declined (not interested),
 * else dismissed, else held (sent by an expert awaiting approval), else open. A My Network request: open
 * (requesting), connected, declined or cancelled (a cancelled connection request is deleted, so never listed).
 */
export const adminRequestStates = [
  'open',
  'held',
  'connected',
  'closed',
  'declined',
  'dismissed',
  'cancelled',
] as const;
export type AdminRequestState = (typeof adminRequestStates)[number];

/** GET /api/admin/requests: both kinds unless `kind` says, by sent date (newest first by default). */
export const AdminRequestsQuerySchema = z.object({
  kind: z.enum(adminRequestKinds).optional(),
  state: z.enum(adminRequestStates).optional(),
  search: SearchSchema,
  order: z.enum(adminRecordOrders).default('desc'),
  cursor: CursorSchema,
  limit: LimitSchema,
});
export type AdminRequestsQuery = z.input<typeof AdminRequestsQuerySchema>;

/** The longest message excerpt a row carries. */
export const adminMessageExcerptMax = 120;

export const AdminRequestSchema = z.object({
  kind: z.enum(adminRequestKinds),
  id: z.string(),
  state: z.enum(adminRequestStates),
  sender: AdminPartySchema,
  recipient: AdminPartySchema,
  /** The first characters of the sender's message (connection requests; null for My Network). */
  message: z.string().nullable(),
  sentAt: z.number(),
  /** Held until the sending expert is approved. */
  isPending: z.boolean(),
  /** Whether the recipient has seen it (connection requests; null for My Network). */
  seen: z.boolean().nullable(),
  accepted: z.boolean(),
  connectedOn: z.number().nullable(),
  /** The recipient declined (not interested). */
  notInterested: z.boolean(),
  dismissed: z.boolean(),
  closed: z.boolean(),
  closedOn: z.number().nullable(),
  /** When a My Network request was answered or cancelled. */
  respondedAt: z.number().nullable(),
  /** The company's rating of the expert (connection requests). */
  expertRating: z.number().nullable(),
  /** The expert's rating of the company (connection requests). */
  ventureRating: z.number().nullable(),
  /** The shared company a My Network request came through. */
  via: z.string().nullable(),
  dealId: z.string().nullable(),
});
export type AdminRequest = z.infer<typeof AdminRequestSchema>;
export const AdminRequestsResponseSchema = pageOf(AdminRequestSchema);
export type AdminRequestsResponse = z.infer<typeof AdminRequestsResponseSchema>;

// Scores

export const adminScoreSorts = ['score', 'updated'] as const;
export type AdminScoreSort = (typeof adminScoreSorts)[number];

/** GET /api/admin/scores: by score (highest first by default) or by when it last changed. */
export const AdminScoresQuerySchema = z.object({
  minScore: z.coerce.number().int().min(0).max(100).optional(),
  search: SearchSchema,
  sort: z.enum(adminScoreSorts).default('score'),
  order: z.enum(adminRecordOrders).default('desc'),
  cursor: CursorSchema,
  limit: LimitSchema,
});
export type AdminScoresQuery = z.input<typeof AdminScoresQuerySchema>;

export const AdminScoreSchema = z.object({
  id: z.number(),
  expert: AdminPartySchema,
  company: AdminPartySchema,
  score: z.number(),
  updatedAt: z.number(),
});
export type AdminScore = z.infer<typeof AdminScoreSchema>;
export const AdminScoresResponseSchema = pageOf(AdminScoreSchema);
export type AdminScoresResponse = z.infer<typeof AdminScoresResponseSchema>;
