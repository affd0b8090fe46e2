import { crmPipelines, limits } from '@intergen/domain';
import { z } from 'zod';
import { isStorableText } from './input.ts';

/**
 * The CRM mirror (spec 001 §7 "CRM proxy", DESIGN.md §6): the proxy's calls at the spec's paths, and the admin's
 * CRM pages (the built-in CRM's pipeline board, a deal's history, the contacts, the deliveries that failed).
 */

const id = z.string().trim().min(1).max(200).refine(isStorableText);
/** A property value: HubSpot takes strings (numbers and booleans as such), null clears. */
const propertyValue = z.union([z.string().max(10_000).refine(isStorableText), z.number(), z.null()]);
const properties = z.record(z.string().min(1).max(100).refine(isStorableText), propertyValue);
/** Stage and reason are checked by the service, so an unknown one gets the catalogue's words, not zod's. */
const stage = z.string().max(200).refine(isStorableText);
const reason = z.string().max(200).refine(isStorableText).nullish();

// The proxy (all POST; spec 001 §7)

export const DealCreateBodySchema = z.object({
  expert: id,
  venture: id,
  stage,
  reason,
  properties: properties.optional(),
});
export const DealUpdateBodySchema = z.object({
  dealId: z.string().max(200).refine(isStorableText),
  stage,
  reason,
  properties: properties.optional(),
});
export const NetworkDealCreateBodySchema = z.object({ initiator: id, recipient: id, stage, reason });
export const NetworkDealUpdateBodySchema = z.object({
  dealId: z.string().max(200).refine(isStorableText),
  stage,
  reason,
  updatedProperties: properties.optional(),
  initiatorId: id.optional(),
  recipientId: id.optional(),
});
/**
 * `/hubspot/{expert,company}/{exists,create,update}/`: the original proxy took the member from its caller's
 * token; a service or an admin names the member (`id`).
 */
export const ContactBodySchema = z.object({ id, properties: properties.optional() });
/** A member's e-mail address, as the proxy's callers name a member. */
const memberEmail = z.string().trim().min(1).max(320).refine(isStorableText);
export const ProfileTypeBodySchema = z.object({ email: memberEmail });
/**
 * `/hubspot/contact/emailVerificationCode`: `isExpert` must match the member's kind. The member is the signed-in
 * caller; a service or an admin names the member (`email`).
 */
export const ContactVerificationCodeBodySchema = z.object({
  isExpert: z.boolean(),
  email: memberEmail.optional(),
});
/** `/hubspot/contact/verifyEmail`: the typed code (`input`) of the member with this e-mail. */
export const ContactVerifyEmailBodySchema = z.object({
  isExpert: z.boolean(),
  input: z
    .string()
    .max(limits.verificationCodeLength * 4)
    .refine(isStorableText),
  email: memberEmail,
});
export const LoginOneTimeBodySchema = z.object({
  email: z.string().max(320).refine(isStorableText).optional(),
  idToLogin: z.string().max(200).refine(isStorableText).optional(),
  redirect: z.string().max(2000).refine(isStorableText).optional(),
  dealId: z.string().max(200).refine(isStorableText).optional(),
});

/** `result`: the deal id of a create, `true` for an update or a contact write, the answer of `exists`. */
export const ProxyResultSchema = z.object({ result: z.union([z.string(), z.boolean()]) });
export const ProfileTypeResultSchema = z.object({ hasContactProfileType: z.boolean() });
export const LoginOneTimeResultSchema = z.object({ success: z.boolean(), message: z.string() });
export const ContactVerificationCodeResultSchema = z.object({
  result: z.boolean(),
  reachable: z.boolean(),
  error: z.string().optional(),
});
export const ContactVerifyEmailResultSchema = z.object({ result: z.boolean(), error: z.string().optional() });

// The admin's CRM pages

export const CrmPipelineSchema = z.enum(crmPipelines);
/** A day the admin names, `YYYY-MM-DD`. */
const BoardDay = z.iso.date();

/**
 * `GET /api/admin/crm/board`: every stage of a pipeline with its first page of deals (newest change first).
 * `q` matches either party's name, e-mail or company name; `lostReason` one reason; `from`/`to` the day of the
 * deal's last change (both included); `stalled` the deals that have not moved; `stage` gives that one column only, and with `cursor` (a column's
 * `nextCursor`) its next page.
 */
export const CrmBoardQuerySchema = z.object({
  pipeline: CrmPipelineSchema.default('connection'),
  q: z.string().trim().max(254).refine(isStorableText).optional(),
  stage: z.string().max(100).optional(),
  lostReason: z.string().max(100).optional(),
  from: BoardDay.optional(),
  to: BoardDay.optional(),
  cursor: z.string().max(1000).optional(),
  /** `true`: only the open deals that have not changed stage for the board's `stalledAfterDays`. */
  stalled: z.enum(['true', 'false']).optional(),
});
export type CrmBoardQuery = z.infer<typeof CrmBoardQuerySchema>;

/** A deal's party; `companyName` is a venture's company (null for experts and companies that gave none). */
const party = z.object({
  memberId: z.string(),
  contactId: z.string(),
  name: z.string(),
  companyName: z.string().nullable(),
});
const propertyMap = z.record(z.string(), propertyValue);

/** A deal card: both parties (expert and venture, or initiator and recipient), its stage and properties. */
export const CrmDealSchema = z.object({
  id: z.string(),
  pipeline: CrmPipelineSchema,
  stage: z.string(),
  lostReason: z.string().nullable(),
  first: party,
  second: party,
  properties: propertyMap,
  createdAt: z.number(),
  updatedAt: z.number(),
  /** When the deal entered its current stage (its stage history; its creation when it has none). */
  enteredStageAt: z.number(),
  /** Open, and in its stage for the board's `stalledAfterDays` or more. */
  stalled: z.boolean(),
});
export type CrmDeal = z.infer<typeof CrmDealSchema>;

export const CrmBoardResponseSchema = z.object({
  gateway: z.enum(['local', 'hubspot']),
  pipeline: CrmPipelineSchema,
  /** The admin setting: after how many days in one stage an open deal counts as not moving. */
  stalledAfterDays: z.number(),
  /**
   * Every stage of the pipeline in order (or the one asked for), with how many deals match and a page of them;
   * `nextCursor` reads the column's next page, null on its last.
   */
  columns: z.array(
    z.object({
      stage: z.string(),
      total: z.number(),
      deals: z.array(CrmDealSchema),
      nextCursor: z.string().nullable(),
    }),
  ),
});
export type CrmBoardResponse = z.infer<typeof CrmBoardResponseSchema>;

export const CrmDealResponseSchema = z.object({
  deal: CrmDealSchema,
  history: z.array(
    z.object({
      id: z.number(),
      stage: z.string(),
      lostReason: z.string().nullable(),
      properties: propertyMap,
      at: z.number(),
    }),
  ),
});
export type CrmDealResponse = z.infer<typeof CrmDealResponseSchema>;

/**
 * `POST /api/admin/crm/deals/:id/stage`: moves a deal of the built-in CRM to another stage of its pipeline; the
 * lost stage takes one of the pipeline's lost reasons, any other stage none (spec 000 §4).
 */
export const CrmMoveDealBodySchema = z.object({
  stage: z.string().max(100),
  lostReason: z.string().max(100).nullable().optional(),
});
export type CrmMoveDealBody = z.infer<typeof CrmMoveDealBodySchema>;

export const CrmContactsQuerySchema = z.object({
  q: z.string().trim().max(254).refine(isStorableText).optional(),
  cursor: z.string().max(1000).optional(),
});
export const CrmContactSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  kind: z.enum(['expert', 'company']),
  name: z.string(),
  email: z.string(),
  properties: propertyMap,
  updatedAt: z.number(),
});
export type CrmContact = z.infer<typeof CrmContactSchema>;
export const CrmContactsResponseSchema = z.object({
  contacts: z.array(CrmContactSchema),
  nextCursor: z.string().nullable(),
});
export type CrmContactsResponse = z.infer<typeof CrmContactsResponseSchema>;

/** A CRM delivery parked as dead: what it was, how often it was tried, its last error. */
export const CrmDeliverySchema = z.object({
  id: z.number(),
  topic: z.string(),
  /** The event type, or `contact` for a contact update. */
  what: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.number(),
});
export const CrmDeliveriesResponseSchema = z.object({ deliveries: z.array(CrmDeliverySchema) });
export type CrmDeliveriesResponse = z.infer<typeof CrmDeliveriesResponseSchema>;
export const CrmDeliveryParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 53 - 1),
});
