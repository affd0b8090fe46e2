import { crmPipelines } from '@intergen/domain';
import { z } from 'zod';
import { adminRequestStates } from './admin-records.ts';

const ms = z.number().nullable();

/** The other member of a suggestion, request or deal, as the admin's lists name them (null: not known). */
export const AdminCounterpartSchema = z.object({ id: z.string(), name: z.string().nullable() });
export type AdminCounterpart = z.infer<typeof AdminCounterpartSchema>;

/**
 * GET /api/admin/members/:id/activity (admins only): one member's dates, their suggestions, their connection
 * requests and My Network requests (sent and received, with state) and their CRM deals, each short list newest
 * first.
 */
export const AdminMemberActivitySchema = z.object({
  dates: z.object({
    signedUp: z.number(),
    /** Whether the e-mail address is verified. */
    emailVerified: z.boolean(),
    /** When it was verified: null while unverified, and for addresses verified before the date was kept. */
    emailVerifiedAt: ms,
    published: ms,
    lastSignIn: ms,
    paused: ms,
    deactivated: ms,
    disabled: ms,
  }),
  suggestions: z.array(
    z.object({
      id: z.string(),
      counterpart: AdminCounterpartSchema,
      createdAt: z.number(),
      requestSent: z.boolean(),
      notInterested: z.boolean(),
    }),
  ),
  requests: z.array(
    z.object({
      id: z.string(),
      direction: z.enum(['sent', 'received']),
      state: z.enum(adminRequestStates),
      counterpart: AdminCounterpartSchema,
      sentAt: z.number(),
    }),
  ),
  /** Their My Network requests (expert to expert); null for a company, which has no My Network. */
  networkRequests: z
    .array(
      z.object({
        id: z.string(),
        direction: z.enum(['sent', 'received']),
        state: z.enum(adminRequestStates),
        counterpart: AdminCounterpartSchema,
        /** The shared company the request came through, when it names one (a deleted company is not named). */
        via: AdminCounterpartSchema.nullable(),
        sentAt: z.number(),
      }),
    )
    .nullable(),
  deals: z.array(
    z.object({
      id: z.string(),
      pipeline: z.enum(crmPipelines),
      stage: z.string(),
      lostReason: z.string().nullable(),
      counterpart: AdminCounterpartSchema,
      updatedAt: z.number(),
    }),
  ),
});
export type AdminMemberActivity = z.infer<typeof AdminMemberActivitySchema>;
export const AdminMemberActivityResponseSchema = z.object({ activity: AdminMemberActivitySchema });
export type AdminMemberActivityResponse = z.infer<typeof AdminMemberActivityResponseSchema>;
