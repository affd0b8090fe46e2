import { limits, networkRequestStatuses } from '@intergen/domain';
import { z } from 'zod';
import { ProfileCardSchema } from './matching.ts';

/**
 * My Network (spec 000 §2–§4, 001 §6/§8): expert-to-expert requests, the caller's network and the search for
 * advisors connected to the same companies. A request's id is the row's own id.
 */

/** Contact details of a network-connected expert (spec 001 §6: only once connected). */
export const NetworkContactSchema = z.object({
  email: z.string(),
  phone: z.string().nullable(),
  linkedin: z.string().nullable(),
  jobTitle: z.string().nullable(),
});

/** A My Network request as one of its two experts sees it: the other expert's card, and contact once connected. */
export const NetworkRequestSchema = z.object({
  id: z.string(),
  status: z.enum(networkRequestStatuses),
  /** Whether the caller sent it (`sent`) or received it (`received`). */
  direction: z.enum(['sent', 'received']),
  counterpart: ProfileCardSchema,
  /** The shared connected company through which the initiator found the recipient (spec: companyId/Name). */
  viaCompanyId: z.string().nullable(),
  viaCompanyName: z.string().nullable(),
  requestedAt: z.number(),
  respondedAt: z.number().nullable(),
  connectedOn: z.number().nullable(),
  contact: NetworkContactSchema.nullable(),
});
export type NetworkRequest = z.infer<typeof NetworkRequestSchema>;

export const NetworkRequestResponseSchema = z.object({ request: NetworkRequestSchema });
export type NetworkRequestResponse = z.infer<typeof NetworkRequestResponseSchema>;

/**
 * `GET /api/network`: the caller's network requests received and sent (`requesting`), their network
 * (`connected`), and the sidebar's counts: `requests` = network requests received + open connection requests
 * received; `advisors` = the expert's network (a company: its connected experts); `ventures` = the expert's
 * connected companies (accepted connection requests; a company has none).
 */
export const NetworkOverviewSchema = z.object({
  received: z.array(NetworkRequestSchema),
  sent: z.array(NetworkRequestSchema),
  connected: z.array(NetworkRequestSchema),
  counts: z.object({ requests: z.number(), advisors: z.number(), ventures: z.number() }),
});
export type NetworkOverview = z.infer<typeof NetworkOverviewSchema>;

/** `POST /api/network/requests`: add an expert to the caller's network, optionally through a shared company. */
export const NetworkRequestBodySchema = z.object({
  expertId: z.string().min(1).max(200),
  viaCompanyId: z.string().min(1).max(200).optional(),
});
export type NetworkRequestBody = z.infer<typeof NetworkRequestBodySchema>;

/** `GET /api/network/advisors`: the My Network search (keyset pages of the table view size). */
export const AdvisorSearchQuerySchema = z.object({
  searchText: z.string().max(200).optional(),
  cursor: z.string().max(400).optional(),
  pageSize: z.coerce.number().int().min(1).max(50).default(limits.tablePageSize),
});
export type AdvisorSearchQuery = z.infer<typeof AdvisorSearchQuerySchema>;

/** One advisor of the search: their card and the first company they share with the caller. */
export const AdvisorSchema = z.object({
  card: ProfileCardSchema,
  viaCompanyId: z.string(),
  viaCompanyName: z.string(),
});
export type Advisor = z.infer<typeof AdvisorSchema>;

export const AdvisorPageSchema = z.object({
  advisors: z.array(AdvisorSchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /**
   * The search without text found nobody because the caller has already asked or added every advisor it could
   * offer (spec 000 §2: `You've added everyone`); false when there was nobody to offer in the first place.
   */
  everyoneAdded: z.boolean(),
});
export type AdvisorPage = z.infer<typeof AdvisorPageSchema>;
