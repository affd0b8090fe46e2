import { areasOfImprovement, industries, limits, profileTypes } from '@intergen/domain';
import { z } from 'zod';
import { ProfileImageSchema } from './profiles.ts';

/**
 * Matching and match suggestions (spec 000 §3/§4, 001 §5/§7, DESIGN.md §5). The score and its parts are
 * computed by `packages/domain` (matching); these are their wire shapes.
 */

/** The parts of a match score, in display order (DESIGN.md §5). */
export const matchParts = [
  'needs',
  'industry',
  'engagement',
  'stage',
  'arrangement',
  'businessType',
  'investment',
  'board',
] as const;
export type MatchPart = (typeof matchParts)[number];

/** One part of a score: its weight (the most it can add), the points it added and the items both share. */
export const MatchPartSchema = z.object({
  part: z.enum(matchParts),
  label: z.string(),
  weight: z.number(),
  points: z.number(),
  shared: z.array(z.object({ code: z.string(), label: z.string() })),
});
export type MatchPartView = z.infer<typeof MatchPartSchema>;

/** A score 0–100 with the parts that make it up ("why this match"). */
export const MatchExplanationSchema = z.object({
  score: z.number().int().min(0).max(100),
  parts: z.array(MatchPartSchema),
});
export type MatchExplanation = z.infer<typeof MatchExplanationSchema>;

/** What a card shows of a published profile; never contact details. */
export const ProfileCardSchema = z.object({
  id: z.string(),
  kind: z.enum(profileTypes),
  name: z.string(),
  /** Companies only. */
  companyName: z.string().nullable(),
  /** The company's slogan, or the first line of an expert's about text. */
  headline: z.string().nullable(),
  profileImage: ProfileImageSchema,
  isVerified: z.boolean(),
  /** Industry codes (expert experience or company industries). */
  industries: z.array(z.enum(industries.codes)),
  /** Area codes: what an expert offers or what a company needs. */
  areas: z.array(z.enum(areasOfImprovement.codes)),
  /** Shown only from 5 reviews: the average rounded to the nearest 0.5. */
  rating: z.object({ stars: z.number(), count: z.number() }).nullable(),
});
export type ProfileCard = z.infer<typeof ProfileCardSchema>;

/** A suggestion as the signed-in member sees it: the counterpart, the score and why. */
export const SuggestionSchema = z.object({
  id: z.string(),
  expertId: z.string(),
  companyId: z.string(),
  createdAt: z.number(),
  requestSent: z.boolean(),
  counterpart: ProfileCardSchema,
  explanation: MatchExplanationSchema,
});
export type Suggestion = z.infer<typeof SuggestionSchema>;
export const SuggestionsResponseSchema = z.object({ suggestions: z.array(SuggestionSchema) });
export type SuggestionsResponse = z.infer<typeof SuggestionsResponseSchema>;

/** `POST /api/suggestions/dismiss`: with a suggestion id, that suggestion; else the counterpart goes to the not-interested list. */
export const DismissSuggestionBodySchema = z
  .object({ suggestionId: z.string().min(1).optional(), counterpartId: z.string().min(1).optional() })
  .refine((b) => Boolean(b.suggestionId ?? b.counterpartId), {
    message: 'A suggestion or a member is required',
  });
export type DismissSuggestionBody = z.infer<typeof DismissSuggestionBodySchema>;
/** The answer to a dismissal: `changed` is false when it had been dismissed already (nothing new recorded). */
export const DismissSuggestionResponseSchema = z.object({ changed: z.boolean() });
export type DismissSuggestionResponse = z.infer<typeof DismissSuggestionResponseSchema>;

/** Admin: `POST /api/admin/suggestions`. A duplicate pair is silently ignored (`created: false`). */
export const CreateSuggestionBodySchema = z.object({
  expertId: z.string().trim().min(1),
  companyId: z.string().trim().min(1),
});
export type CreateSuggestionBody = z.infer<typeof CreateSuggestionBodySchema>;
export const CreateSuggestionResponseSchema = z.object({
  suggestionId: z.string(),
  created: z.boolean(),
  explanation: MatchExplanationSchema,
});
export type CreateSuggestionResponse = z.infer<typeof CreateSuggestionResponseSchema>;

/** Admin: `GET /api/admin/matching/preview?expertId&companyId`, the score before creating. */
export const MatchPreviewQuerySchema = CreateSuggestionBodySchema;
export const MatchPreviewResponseSchema = z.object({ explanation: MatchExplanationSchema });

/**
 * Admin: `GET /api/admin/matching/members/:id/scores?cursor&limit&minScore` — one member's score with every
 * published counterpart, computed now from the packed profiles (DESIGN.md §4 "Admin's view of scores": only
 * strong pairs are stored), highest first (then by id), a page at a time.
 */
export const MemberScoresQuerySchema = z.object({
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  minScore: z.coerce.number().int().min(0).max(100).optional(),
});
export type MemberScoresQuery = z.infer<typeof MemberScoresQuerySchema>;
const ScoredMemberSchema = z.object({
  id: z.string(),
  kind: z.enum(profileTypes),
  name: z.string(),
  companyName: z.string().nullable(),
});
export const MemberScoresResponseSchema = z.object({
  member: ScoredMemberSchema,
  rows: z.array(
    z.object({ counterpart: ScoredMemberSchema, score: z.number().int(), rank: z.number().int() }),
  ),
  /** How many counterparts score at least `minScore` (all published counterparts without it). */
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type MemberScoresResponse = z.infer<typeof MemberScoresResponseSchema>;

/** Admin: `GET /api/admin/matching/candidates?kind&search`, options for the two pickers. */
export const MatchCandidatesQuerySchema = z.object({
  kind: z.enum(profileTypes),
  search: z.string().trim().max(100).optional(),
});
export const MatchCandidateSchema = z.object({
  id: z.string(),
  name: z.string(),
  companyName: z.string().nullable(),
  status: z.string(),
});
export type MatchCandidate = z.infer<typeof MatchCandidateSchema>;
export const MatchCandidatesResponseSchema = z.object({ candidates: z.array(MatchCandidateSchema) });

/** Admin: `POST /api/admin/matching/runs` starts a full batch on the queue; `GET …/runs/latest` reports it. */
export const MatchingRunSchema = z.object({
  id: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  pairs: z.number(),
  written: z.number(),
  suggestionsCreated: z.number(),
  startedAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
  error: z.string().nullable(),
});
export type MatchingRun = z.infer<typeof MatchingRunSchema>;
export const MatchingRunResponseSchema = z.object({ run: MatchingRunSchema.nullable() });

/** A comma-separated list in a query string (`industries=tech,energy`), or the same key repeated. */
const codeList = <C extends string>(codes: readonly [C, ...C[]]) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(','))))
    .pipe(z.array(z.enum(codes)));

/**
 * The matching lists of spec 001 §7: `GET /api/matching/experts` (an expert's expert community),
 * `/api/matching/experts-for-company` (a company's advisors) and `/api/matching/companies` (an expert's
 * ventures). Filters of spec 001 §5; keyset pages ordered by id.
 */
export const MatchingListQuerySchema = z.object({
  searchText: z.string().trim().max(100).optional(),
  industries: codeList(industries.codes),
  /** Areas of improvement: the expert's expertise or the company's needs; all selected must be present. */
  expertise: codeList(areasOfImprovement.codes),
  investments: z.enum(['yes']).optional(),
  boardPositions: z.enum(['yes']).optional(),
  /** Only strong matches (score ≥ 80 with the viewer); lists without scores (expert to expert) ignore it. */
  strong: z.enum(['yes']).optional(),
  /** The `nextCursor` of the previous page (opaque). */
  cursor: z.string().max(200).optional(),
  pageSize: z.coerce.number().int().min(1).max(50).default(limits.matchingPageSize),
});
export type MatchingListQuery = z.input<typeof MatchingListQuerySchema>;
export const MatchingListItemSchema = ProfileCardSchema.extend({
  /** The stored score between the caller and this profile, when both sides are expert and company. */
  score: z.number().nullable(),
  /** Score ≥ 80 with the viewer: the card carries the strong-match badge. */
  strong: z.boolean(),
});
export type MatchingListItem = z.infer<typeof MatchingListItemSchema>;
export const MatchingListResponseSchema = z.object({
  items: z.array(MatchingListItemSchema),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
  /** How many profiles the filters match, on the first page (no cursor); null on later pages. */
  total: z.number().int().nullable(),
});
export type MatchingListResponse = z.infer<typeof MatchingListResponseSchema>;
