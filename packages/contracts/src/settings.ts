import {
  appEnvironments,
  isHttpsUrl,
  isIsoDay,
  isSupportEmail,
  settingsLimits as limits,
  matchingThresholdRanges,
  messages,
  settingsTexts,
  stalledDealDays,
} from '@intergen/domain';
import { z } from 'zod';

const e = settingsTexts.errors;

/** One value per environment (production, staging, development). */
const perEnvironment = <T extends z.ZodType>(schema: T) =>
  z.object({ production: schema, staging: schema, development: schema });

/** A bounded text, trimmed: `min` 1 makes it required. Too long, it gets that message alone. */
const text = (max: number, min = 0) =>
  z
    .string()
    .trim()
    .min(min, e.required)
    .max(max, { message: e.tooLong(max), abort: true });

/** A whole number in the domain's range, one message for every way of missing it. */
const wholeNumber = ({ min, max }: { min: number; max: number }) =>
  z
    .number(e.wholeNumber(min, max))
    .int(e.wholeNumber(min, max))
    .min(min, e.wholeNumber(min, max))
    .max(max, e.wholeNumber(min, max));

/** A hosted survey form: an https address, or empty for none (the review dialog then shows a comment box). */
export const SurveyFormUrlSchema = text(limits.urlMax).refine((v) => v === '' || isHttpsUrl(v), e.httpsUrl);

/**
 * Every run-time setting, as an admin sets it (PUT /api/admin/settings): the community-tab flag and the survey
 * forms per environment, the thresholds of automatic suggestions, the version-change popup, the support e-mail,
 * and after how many days the CRM board marks a deal as not moving.
 */
export const AppSettingsSchema = z.object({
  communityTab: perEnvironment(z.boolean()),
  surveyForms: perEnvironment(z.object({ expert: SurveyFormUrlSchema, company: SurveyFormUrlSchema })),
  matching: z.object({
    topN: wholeNumber(matchingThresholdRanges.topN),
    minScore: wholeNumber(matchingThresholdRanges.minScore),
  }),
  newChangesPopup: z.object({
    releaseDate: z.string().refine(isIsoDay, e.releaseDate),
    title: text(limits.popupTitleMax, 1),
    intro: text(limits.popupIntroMax, 1),
    items: z
      .array(text(limits.popupItemMax, 1))
      .max(limits.popupItemsMax, e.tooManyItems(limits.popupItemsMax)),
  }),
  supportEmail: text(limits.emailMax).refine(isSupportEmail, messages.invalidEmail),
  crm: z.object({ stalledAfterDays: wholeNumber(stalledDealDays) }),
});
export type AppSettings = z.infer<typeof AppSettingsSchema>;
/** The name of each stored setting (one row of `settings` each). */
export type SettingKey = keyof AppSettings;
export const settingKeys = Object.keys(AppSettingsSchema.shape) as SettingKey[];

/** The same settings as the server answers them: plain types (every value it answers passed the rules above). */
const AppSettingsViewSchema = z.object({
  communityTab: perEnvironment(z.boolean()),
  surveyForms: perEnvironment(z.object({ expert: z.string(), company: z.string() })),
  matching: z.object({ topN: z.number(), minScore: z.number() }),
  newChangesPopup: z.object({
    releaseDate: z.string(),
    title: z.string(),
    intro: z.string(),
    items: z.array(z.string()),
  }),
  supportEmail: z.string(),
  crm: z.object({ stalledAfterDays: z.number() }),
});

/**
 * GET and PUT /api/admin/settings: the settings in effect, the environment this server runs as, and the
 * revision to send back with a change (a change made meanwhile by another admin answers 409 instead of being
 * overwritten).
 */
export const AdminSettingsResponseSchema = z.object({
  appEnv: z.enum(appEnvironments),
  revision: z.string(),
  settings: AppSettingsViewSchema,
});
export type AdminSettingsResponse = z.infer<typeof AdminSettingsResponseSchema>;

/** PUT /api/admin/settings: every setting, and the revision they were read at. */
export const UpdateSettingsBodySchema = z.object({
  revision: z.string().max(200),
  settings: AppSettingsSchema,
});
export type UpdateSettingsBody = z.infer<typeof UpdateSettingsBodySchema>;

/** The version-change popup as members see it (GET /api/config): released at midnight UTC of its release date. */
export const NewChangesPopupSchema = z.object({
  releasedAt: z.number(),
  title: z.string(),
  intro: z.string(),
  items: z.array(z.string()),
});
export type NewChangesPopup = z.infer<typeof NewChangesPopupSchema>;
