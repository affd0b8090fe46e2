import {
  areasOfImprovement,
  arrangements,
  businessTypes,
  capitalBands,
  companyStages,
  connectionTypes,
  engagementTypes,
  industries,
  investingInterests,
  profileStatuses,
  profileTypes,
  type ReferralSource,
  referralSources,
  revenueBands,
  sectionFields,
  yesNo,
} from '@intergen/domain';
import { z } from 'zod';
import { int4 } from './input.ts';

/** A flags object over an enumeration's codes (`{ tech: true, energy: false }`); unknown keys are refused. */
const flags = <C extends string>(codes: readonly [C, ...C[]]) =>
  z.partialRecord(z.enum(codes), z.boolean()).nullable();

const text = (max: number) => z.string().max(max).nullable();

export const ProfileImageSchema = z
  .object({ url: z.string().max(500), name: z.string().max(300) })
  .nullable();

/** One optional flag per referral source, typed by its code (so `{ event: true }` type-checks). */
const referralSourceFlags = Object.fromEntries(
  referralSources.codes.map((c) => [c, z.boolean().optional()]),
) as Record<ReferralSource, z.ZodOptional<z.ZodBoolean>>;

export const InterGenDataSchema = z
  .object({
    ...referralSourceFlags,
    referralText: z.string().max(300).optional(),
    otherText: z.string().max(300).optional(),
  })
  .strict()
  .nullable();

/** Every editable field of an expert profile (packages/domain ExpertProfileData). */
export const ExpertProfileDataSchema = z.object({
  phone: text(40),
  linkedin: text(300),
  interGenData: InterGenDataSchema,
  about: text(5000),
  experience: flags(industries.codes),
  areasOfImprovement: flags(areasOfImprovement.codes),
  idealEngagement: flags(connectionTypes.codes),
  businessType: z.enum(businessTypes.codes).nullable(),
  currentStage: flags(companyStages.codes),
  anythingElse: text(5000),
  profileImage: ProfileImageSchema,
  engagementType: z.enum(engagementTypes.codes).nullable(),
  arrangement: z.enum(arrangements.codes).nullable(),
  investmentOpportunities: z.enum(yesNo.codes).nullable(),
  boardOpportunities: z.enum(yesNo.codes).nullable(),
  interests: flags(investingInterests.codes),
});

/** Every editable field of a company profile (packages/domain CompanyProfileData). */
export const CompanyProfileDataSchema = z.object({
  phone: text(40),
  linkedin: text(300),
  jobTitle: text(200),
  interGenData: InterGenDataSchema,
  companyName: text(200),
  slogan: text(300),
  companySize: int4().nullable(),
  yearsInBusiness: int4().nullable(),
  website: text(500),
  revenue: z.enum(revenueBands.codes).nullable(),
  capital: z.enum(capitalBands.codes).nullable(),
  about: text(5000),
  experience: flags(industries.codes),
  areasOfImprovement: flags(areasOfImprovement.codes),
  idealEngagement: flags(connectionTypes.codes),
  businessType: z.enum(businessTypes.codes).nullable(),
  currentStage: z.enum(companyStages.codes).nullable(),
  anythingElse: text(5000),
  arrangement: z.enum(arrangements.codes).nullable(),
  investmentOpportunities: z.enum(yesNo.codes).nullable(),
  boardOpportunities: z.enum(yesNo.codes).nullable(),
  profileImage: ProfileImageSchema,
});

/**
 * What one save of a wizard section may carry: the section's fields of the role's profile schema (domain
 * `sectionFields`), each optional (autosave sends what changed), nothing else. The picture is not among them:
 * it changes only through the upload (or the default avatar of the review step).
 */
function sectionSchema<Shape extends z.ZodRawShape, Field extends keyof Shape & string>(
  schema: z.ZodObject<Shape>,
  fields: readonly Field[],
) {
  type Editable = Exclude<Field, 'profileImage'>;
  const shape = Object.fromEntries(
    fields
      .filter((field): field is Editable => field !== 'profileImage')
      .map((field) => [field, z.optional(schema.shape[field]!)]),
  ) as { [K in Editable]: z.ZodOptional<Shape[K]> };
  return z.strictObject(shape);
}

/** The fields one save of each wizard section may carry, per role (see `sectionSchema`). */
const { expert: expertFields, company: companyFields } = sectionFields;
export const ExpertBasicsSectionSchema = sectionSchema(ExpertProfileDataSchema, expertFields.basics);
export const ExpertProfileSectionSchema = sectionSchema(ExpertProfileDataSchema, expertFields.profile);
export const ExpertExtrasSectionSchema = sectionSchema(ExpertProfileDataSchema, expertFields.extras);
export const CompanyBasicsSectionSchema = sectionSchema(CompanyProfileDataSchema, companyFields.basics);
export const CompanyProfileSectionSchema = sectionSchema(CompanyProfileDataSchema, companyFields.profile);
export const CompanyExtrasSectionSchema = sectionSchema(CompanyProfileDataSchema, companyFields.extras);
export type ExpertBasicsSection = z.infer<typeof ExpertBasicsSectionSchema>;
export type ExpertProfileSection = z.infer<typeof ExpertProfileSectionSchema>;
export type ExpertExtrasSection = z.infer<typeof ExpertExtrasSectionSchema>;
export type CompanyBasicsSection = z.infer<typeof CompanyBasicsSectionSchema>;
export type CompanyProfileSection = z.infer<typeof CompanyProfileSectionSchema>;
export type CompanyExtrasSection = z.infer<typeof CompanyExtrasSectionSchema>;

/** The section schemas by role and section: which one a save is checked against. */
export const sectionPatchSchemas = {
  expert: {
    basics: ExpertBasicsSectionSchema,
    profile: ExpertProfileSectionSchema,
    extras: ExpertExtrasSectionSchema,
  },
  company: {
    basics: CompanyBasicsSectionSchema,
    profile: CompanyProfileSectionSchema,
    extras: CompanyExtrasSectionSchema,
  },
} as const;

/**
 * PUT /api/profiles/me/sections/:section — a partial save of one wizard section (autosave): the fields of one
 * of the section schemas above, the one of the member's role and the section in the path. Fields left out (or
 * null) are kept as stored. A value of the wrong type, or a field the section does not have, answers 400
 * VALIDATION_FAILED with `details` per field and saves nothing. A value of the right type that breaks a field
 * rule (spec 001 §5: a team size of 0, a fourth area of a company…) is saved as the member's draft and reported
 * in the answer's `fieldErrors`; the profile is not complete while one is reported.
 */
export const SectionParamsSchema = z.object({ section: z.enum(['basics', 'profile', 'extras']) });
export const SectionPatchSchema = z.union([
  ExpertBasicsSectionSchema,
  ExpertProfileSectionSchema,
  ExpertExtrasSectionSchema,
  CompanyBasicsSectionSchema,
  CompanyProfileSectionSchema,
  CompanyExtrasSectionSchema,
]);
export type SectionPatch = z.infer<typeof SectionPatchSchema>;
/** What a section save is before its role's section schema is applied: a JSON object. */
export const SectionBodySchema = z.record(z.string(), z.unknown());

export const CompletionSchema = z.object({
  sections: z.object({ basics: z.number(), profile: z.number(), extras: z.number() }),
  overall: z.number(),
});

const ms = z.number().nullable();

/** A field of the profile data and the rule it breaks. */
export const FieldErrorSchema = z.object({ path: z.string(), message: z.string() });

/** The signed-in member's own profile, everything the wizard, review and account screens need. */
export const OwnProfileSchema = z.object({
  id: z.string(),
  kind: z.enum(profileTypes),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  status: z.enum(profileStatuses),
  /** The stored values (for a published profile: what the community sees). */
  data: z.union([ExpertProfileDataSchema, CompanyProfileDataSchema]),
  /** Unsaved edits of a published profile (tempData), applied by POST /api/profiles/me/update. */
  pendingChanges: z.record(z.string(), z.unknown()).nullable(),
  /** Completion of the data as the member sees it in the editor (stored values with pending changes). */
  completion: CompletionSchema,
  /**
   * The values of that data that break a field rule, with the spec's messages (spec 001 §5); they count as not
   * filled, so the profile is not complete while any is listed.
   */
  fieldErrors: z.array(FieldErrorSchema),
  profileComplete: z.boolean(),
  onboardingComplete: z.boolean(),
  profilePending: z.boolean(),
  profilePublished: z.boolean(),
  publishDate: ms,
  pausedDate: ms,
  pauseReason: z.string().nullable(),
  deactivatedDate: ms,
  disableReason: z.string().nullable(),
  hasEmailVerificationCode: z.boolean(),
  hasBeenWelcomed: z.boolean(),
  gettingStartedDismissed: z.boolean(),
  isVerified: z.boolean(),
  private: z.boolean(),
  averageRating: z.number(),
  numberOfRatings: z.number(),
  updatedAt: z.number(),
  /** A company whose profile was last updated over a year ago is asked to confirm its figures. */
  needsAnnualConfirmation: z.boolean(),
});
export type OwnProfile = z.infer<typeof OwnProfileSchema>;
export const OwnProfileResponseSchema = z.object({ profile: OwnProfileSchema });
export type OwnProfileResponse = z.infer<typeof OwnProfileResponseSchema>;

/** POST /api/profiles/me/pause — a reason code, free text, or both; one of them is required. */
export const pauseReasons = ['noTime', 'noConnections', 'other'] as const;
export const PauseBodySchema = z.object({
  reason: z.enum(pauseReasons).nullable().optional(),
  text: z.string().max(1000).optional(),
});

/** POST /api/profiles/me/disable — reasons, free text, or both; one of them is required. */
export const disableReasons = [
  'tooManyEmails',
  'noTime',
  'noConnections',
  'companyInactive',
  'other',
] as const;
export const DisableBodySchema = z.object({
  reasons: z.array(z.enum(disableReasons)).max(5).default([]),
  text: z.string().max(1000).optional(),
});

/** POST /api/profiles/me/privacy (expert only). */
export const PrivacyBodySchema = z.object({ private: z.boolean() });

/** POST /api/profiles/me/annual-confirmation (company only): team size, revenue and capital, all required. */
export const AnnualConfirmationBodySchema = z.object({
  companySize: int4(),
  revenue: z.enum(revenueBands.codes),
  capital: z.enum(capitalBands.codes),
});

/** What another member (or an admin) sees of a profile. Contact is null unless the viewer may see it. */
export const ProfileViewSchema = z.object({
  id: z.string(),
  kind: z.enum(profileTypes),
  name: z.string(),
  isOwn: z.boolean(),
  status: z.enum(profileStatuses),
  isVerified: z.boolean(),
  /**
   * The profile without contact details (phone, LinkedIn, job title: in `contact`, when allowed) and without
   * how the member heard of us (`interGenData`: the owner's and admins' only, through their own endpoints).
   */
  data: z.union([
    ExpertProfileDataSchema.omit({ phone: true, linkedin: true, interGenData: true }),
    CompanyProfileDataSchema.omit({ phone: true, linkedin: true, jobTitle: true, interGenData: true }),
  ]),
  contact: z
    .object({
      email: z.string(),
      phone: z.string().nullable(),
      linkedin: z.string().nullable(),
      jobTitle: z.string().nullable(),
    })
    .nullable(),
  /** Shown only from 5 reviews: the average rounded to the nearest 0.5. */
  rating: z.object({ stars: z.number(), count: z.number() }).nullable(),
  publishDate: ms,
});
export type ProfileView = z.infer<typeof ProfileViewSchema>;
export const ProfileViewResponseSchema = z.object({ profile: ProfileViewSchema });

/** What the admin's profile actions need to know of a profile (the web's action buttons). */
export const AdminProfileRowSchema = z.object({
  id: z.string(),
  kind: z.enum(profileTypes),
  name: z.string(),
  email: z.string(),
  status: z.enum(profileStatuses),
  completion: z.number(),
  isVerified: z.boolean(),
  emailVerified: z.boolean(),
  updatedAt: z.number(),
});
export type AdminProfileRow = z.infer<typeof AdminProfileRowSchema>;
export const ReasonBodySchema = z.object({ reason: z.string().trim().min(1).max(1000) });
