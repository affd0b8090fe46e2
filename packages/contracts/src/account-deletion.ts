import { profileTypes } from '@intergen/domain';
import { z } from 'zod';
import { OwnProfileSchema } from './profiles.ts';

/**
 * Deleting an account (spec 000 §4, DESIGN.md §4 "Deleting vs disabling") and a member's own data:
 * `POST /api/admin/members/:id/delete`, `POST /api/account/delete`, `GET /api/account/export`.
 */

/** The admin's typed confirmation: the member's e-mail address (compared trimmed and case-insensitively). */
export const AdminDeleteMemberBodySchema = z.object({ confirmation: z.string().max(320) });
export type AdminDeleteMemberBody = z.infer<typeof AdminDeleteMemberBodySchema>;

/** The member's own deletion, confirmed with their password. */
export const DeleteOwnAccountBodySchema = z.object({ password: z.string().max(1024) });
export type DeleteOwnAccountBody = z.infer<typeof DeleteOwnAccountBodySchema>;

/** What a deletion answers: the id of the account that no longer exists. */
export const AccountDeletedResponseSchema = z.object({ deleted: z.literal(true), id: z.string() });
export type AccountDeletedResponse = z.infer<typeof AccountDeletedResponseSchema>;

const ms = z.number().nullable();

/** Another member as the exporting member may see them: nothing, their name, or their name and contact. */
export const ExportCounterpartSchema = z
  .object({
    id: z.string(),
    kind: z.enum(profileTypes),
    name: z.string(),
    /** Only when the two are connected (spec 001 §6). */
    contact: z
      .object({
        email: z.string().nullable(),
        phone: z.string().nullable(),
        linkedin: z.string().nullable(),
        jobTitle: z.string().nullable(),
      })
      .nullable(),
  })
  .nullable();
export type ExportCounterpart = z.infer<typeof ExportCounterpartSchema>;

const direction = z.enum(['sent', 'received']);
/** CRM property values as both gateways store them. */
const crmProperties = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));

/** Everything the app holds about the signed-in member, in the member's own terms. */
export const AccountExportSchema = z.object({
  exportedAt: z.number(),
  user: z.object({
    id: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    /** When the address was verified (null: not verified, or verified before the date was kept). */
    emailVerifiedAt: ms,
    name: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    kind: z.enum(profileTypes).nullable(),
    isAdmin: z.boolean(),
    createdAt: z.number(),
    updatedAt: z.number(),
  }),
  /** The profile as its owner sees it (its data includes phone, LinkedIn and job title); null for an admin. */
  profile: OwnProfileSchema.nullable(),
  contactInfo: z
    .object({
      email: z.string(),
      phone: z.string().nullable(),
      linkedin: z.string().nullable(),
      jobTitle: z.string().nullable(),
    })
    .nullable(),
  suggestions: z.array(
    z.object({
      id: z.string(),
      counterpart: ExportCounterpartSchema,
      createdAt: z.number(),
      position: z.number(),
      requestSent: z.boolean(),
      requestSentAt: ms,
      /** The member's own "not interested" (the other side's is theirs). */
      dismissed: z.boolean(),
    }),
  ),
  connectionRequests: z.array(
    z.object({
      id: z.string(),
      direction,
      counterpart: ExportCounterpartSchema,
      message: z.string(),
      requestSentAt: z.number(),
      isPending: z.boolean(),
      accepted: z.boolean(),
      connectedOn: ms,
      /** The recipient's own answers (a sender is never told of a denial or a dismissal). */
      seen: z.boolean().optional(),
      declined: z.boolean().optional(),
      dismissed: z.boolean().optional(),
      /** The member's own close, survey and review; the other side's rating is theirs. */
      closedOn: ms,
      surveyCompleted: z.boolean(),
      rating: z.number().nullable(),
      comment: z.string().nullable(),
    }),
  ),
  networkRequests: z.array(
    z.object({
      id: z.string(),
      direction,
      counterpart: ExportCounterpartSchema,
      status: z.string(),
      companyName: z.string().nullable(),
      requestedAt: z.number(),
      respondedAt: ms,
      connectedOn: ms,
    }),
  ),
  scores: z.array(
    z.object({ counterpart: ExportCounterpartSchema, score: z.number(), updatedAt: z.number() }),
  ),
  notifications: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      counterpart: ExportCounterpartSchema,
      message: z.string().nullable(),
      hasSeen: z.boolean(),
      hasDismissed: z.boolean(),
      hasExplored: z.boolean(),
      emailSent: z.boolean(),
      createdAt: z.number(),
    }),
  ),
  trackingEvents: z.array(
    z.object({
      type: z.string(),
      targetId: z.string().nullable(),
      tab: z.string().nullable(),
      createdAt: z.number(),
    }),
  ),
  /**
   * What the built-in CRM holds about the member: their contact (every property) and the deals they are a party
   * to, each with its stages. A deal's properties are the member's side only: the other party appears as
   * `counterpart` (as far as the member may see them), and only the member's own rating of them.
   */
  crm: z.object({
    contact: z
      .object({
        kind: z.enum(profileTypes),
        email: z.string(),
        name: z.string(),
        properties: crmProperties,
        createdAt: z.number(),
        updatedAt: z.number(),
      })
      .nullable(),
    deals: z.array(
      z.object({
        id: z.string(),
        pipeline: z.string(),
        stage: z.string(),
        lostReason: z.string().nullable(),
        counterpart: ExportCounterpartSchema,
        properties: crmProperties,
        createdAt: z.number(),
        updatedAt: z.number(),
        history: z.array(z.object({ stage: z.string(), lostReason: z.string().nullable(), at: z.number() })),
      }),
    ),
  }),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;
