import { limits, profileStatuses, profileTypes } from '@intergen/domain';
import { z } from 'zod';

/** The columns the admin's members table sorts by. */
export const adminMemberSorts = ['name', 'email', 'createdAt', 'publishDate', 'updatedAt', 'rating'] as const;
export type AdminMemberSort = (typeof adminMemberSorts)[number];
export const sortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof sortOrders)[number];

/** A yes/no filter as a query string carries it: `true` or `false`. */
const queryBoolean = z.enum(['true', 'false']).transform((value) => value === 'true');

/**
 * GET /api/admin/members: every member (a user with an expert or company profile; admin accounts without a
 * profile are not members). `search` looks case-insensitively in the name, the company name and the e-mail;
 * `cursor` is the `nextCursor` of the previous page, valid only with the same filters, sort and order.
 */
export const AdminMembersQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  role: z.enum(profileTypes).optional(),
  status: z.enum(profileStatuses).optional(),
  /** Experts' verified badge; a company is never verified. */
  verified: queryBoolean.optional(),
  /** Experts' private setting; a company is never private. */
  private: queryBoolean.optional(),
  sort: z.enum(adminMemberSorts).default('createdAt'),
  order: z.enum(sortOrders).default('desc'),
  cursor: z.string().max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(limits.tablePageSize),
});
export type AdminMembersQuery = z.output<typeof AdminMembersQuerySchema>;
export type AdminMembersQueryInput = z.input<typeof AdminMembersQuerySchema>;

const ms = z.number().nullable();

/** One member as the admin's table shows them; dates in milliseconds, null when the member has none. */
export const AdminMemberRowSchema = z.object({
  id: z.string(),
  role: z.enum(profileTypes),
  name: z.string(),
  /** A company's company name; null for experts and companies that have not given one. */
  companyName: z.string().nullable(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** The spec's derived status (000 §4: published, pending, paused, inactive, disabled, complete, incomplete). */
  status: z.enum(profileStatuses),
  verified: z.boolean(),
  private: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
  publishDate: ms,
  pausedDate: ms,
  deactivatedDate: ms,
  disabledDate: ms,
  /** Ratings received in connection reviews: the running average and how many. */
  rating: z.object({ average: z.number(), count: z.number().int() }),
});
export type AdminMemberRow = z.infer<typeof AdminMemberRowSchema>;

export const AdminMembersResponseSchema = z.object({
  members: z.array(AdminMemberRowSchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** How many members the filters match, on the first page (no cursor); null on later pages. */
  total: z.number().int().nullable(),
});
export type AdminMembersResponse = z.infer<typeof AdminMembersResponseSchema>;
