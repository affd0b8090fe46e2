import type { ProfileType } from './accounts.ts';
import { limits } from './constants.ts';
import type {
  AreaOfImprovement,
  Arrangement,
  BusinessType,
  CapitalBand,
  CompanyStage,
  ConnectionType,
  EngagementType,
  Industry,
  InvestingInterest,
  ReferralSource,
  RevenueBand,
  YesNo,
} from './profile-enums.ts';
import { fieldMessages } from './texts/profiles.ts';

export type Flags<K extends string> = Partial<Record<K, boolean>>;

export interface ProfileImage {
  url: string;
  name: string;
}

/** How the member heard of InterGen: source flags plus the referral and other texts. */
export interface InterGenData extends Flags<ReferralSource> {
  referralText?: string;
  otherText?: string;
}

/** The editable content of an expert profile, section by section (spec 000 §3, 001 §5). */
export interface ExpertProfileData {
  phone: string | null;
  linkedin: string | null;
  interGenData: InterGenData | null;
  about: string | null;
  experience: Flags<Industry> | null;
  areasOfImprovement: Flags<AreaOfImprovement> | null;
  idealEngagement: Flags<ConnectionType> | null;
  businessType: BusinessType | null;
  currentStage: Flags<CompanyStage> | null;
  anythingElse: string | null;
  profileImage: ProfileImage | null;
  engagementType: EngagementType | null;
  arrangement: Arrangement | null;
  investmentOpportunities: YesNo | null;
  boardOpportunities: YesNo | null;
  interests: Flags<InvestingInterest> | null;
}

/** The editable content of a company profile. */
export interface CompanyProfileData {
  phone: string | null;
  linkedin: string | null;
  jobTitle: string | null;
  interGenData: InterGenData | null;
  companyName: string | null;
  slogan: string | null;
  companySize: number | null;
  yearsInBusiness: number | null;
  website: string | null;
  revenue: RevenueBand | null;
  capital: CapitalBand | null;
  about: string | null;
  experience: Flags<Industry> | null;
  areasOfImprovement: Flags<AreaOfImprovement> | null;
  idealEngagement: Flags<ConnectionType> | null;
  businessType: BusinessType | null;
  currentStage: CompanyStage | null;
  anythingElse: string | null;
  arrangement: Arrangement | null;
  investmentOpportunities: YesNo | null;
  boardOpportunities: YesNo | null;
  profileImage: ProfileImage | null;
}

export type ProfileData = ExpertProfileData | CompanyProfileData;
export type SectionId = 'basics' | 'profile' | 'extras';
export const sectionIds: readonly SectionId[] = ['basics', 'profile', 'extras'];

/** Required fields per role and section (spec 001 §5): the sets that completion counts. */
export const requiredFields = {
  expert: {
    basics: ['interGenData', 'phone', 'linkedin'],
    profile: ['experience', 'areasOfImprovement', 'idealEngagement', 'businessType', 'currentStage'],
    extras: [
      'anythingElse',
      'profileImage',
      'engagementType',
      'arrangement',
      'investmentOpportunities',
      'boardOpportunities',
      'interests',
    ],
  },
  company: {
    basics: [
      'jobTitle',
      'yearsInBusiness',
      'companySize',
      'companyName',
      'website',
      'revenue',
      'capital',
      'interGenData',
      'phone',
      'linkedin',
    ],
    profile: ['experience', 'areasOfImprovement', 'idealEngagement', 'businessType', 'currentStage'],
    extras: ['anythingElse', 'arrangement', 'investmentOpportunities', 'boardOpportunities', 'profileImage'],
  },
} as const satisfies Record<ProfileType, Record<SectionId, readonly string[]>>;

/**
 * Every editable field by role and section: the required sets above plus the optional fields (`about`, the
 * company's `slogan`). A section save may carry only its own fields.
 */
export const sectionFields = {
  expert: {
    basics: [...requiredFields.expert.basics, 'about'],
    profile: [...requiredFields.expert.profile],
    extras: [...requiredFields.expert.extras],
  },
  company: {
    basics: [...requiredFields.company.basics, 'slogan', 'about'],
    profile: [...requiredFields.company.profile],
    extras: [...requiredFields.company.extras],
  },
} as const satisfies Record<ProfileType, Record<SectionId, readonly string[]>>;

/** The section a field is edited in, or null when the role has no such field. */
export function sectionOf(kind: ProfileType, field: string): SectionId | null {
  return sectionIds.find((id) => (sectionFields[kind][id] as readonly string[]).includes(field)) ?? null;
}

/** The wizard: each step's route, title and the section it edits (spec 000 §2). */
export const wizardSteps: Record<ProfileType, { path: string; title: string; section: SectionId | null }[]> =
  {
    expert: [
      { path: '/profile/about', title: 'Basic information', section: 'basics' },
      { path: '/profile/experience', title: 'Connecting You', section: 'profile' },
      { path: '/profile/interests', title: 'A Few More Details', section: 'extras' },
      { path: '/profile/review', title: 'Profile Review', section: null },
    ],
    company: [
      { path: '/profile/about', title: 'Basic Information', section: 'basics' },
      { path: '/profile/seeking', title: 'Your Connection Needs', section: 'profile' },
      { path: '/profile/enrichment', title: 'A Few More Details', section: 'extras' },
      { path: '/profile/review', title: 'Profile Review', section: null },
    ],
  };

/** A value counts as filled when it is a non-blank string, a number, true, or an object with a truthy value. */
export function isFilled(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.values(value as object).some((v) => !!v);
  return !!value;
}

export interface Completion {
  sections: Record<SectionId, number>;
  overall: number;
}

/**
 * Per section and overall, the rounded percentage of required fields that are filled. A value that breaks its
 * field rule (a team size of 0, a fourth area of a company) does not count as filled: the member's draft may
 * hold it, but the section is not complete until it is corrected.
 */
export function completion(kind: ProfileType, data: Partial<ProfileData>): Completion {
  const sets = requiredFields[kind];
  const record = data as Record<string, unknown>;
  const wrong = ruleErrors(kind, data);
  let filled = 0;
  let total = 0;
  const sections = {} as Record<SectionId, number>;
  for (const id of sectionIds) {
    const fields = sets[id] as readonly string[];
    const n = fields.filter((f) => isFilled(record[f]) && !wrong[f]).length;
    sections[id] = Math.round((100 * n) / fields.length);
    filled += n;
    total += fields.length;
  }
  return { sections, overall: Math.round((100 * filled) / total) };
}

// Field rules

/** Digits only; a leading US country code 1 is dropped from 11 digits. */
export function normalizePhone(input: string): string {
  const digits = input.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** A stored phone number (digits only) as `(555) 123-4567`; anything else as stored. */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length !== 10) return phone;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export function isValidPhone(input: string): boolean {
  return /^[\d\s().+-]+$/.test(input.trim()) && normalizePhone(input).length === 10;
}

const linkedinPattern = /^https?:\/\/(www\.)?linkedin\.com\/(in|company)\/[A-Za-z0-9\-_%.]+\/?(\?.*)?$/;
export function isValidLinkedin(input: string): boolean {
  return linkedinPattern.test(input.trim());
}

export function isValidWebsite(input: string): boolean {
  return /^https?:\/\/\S+\.\S+/.test(input.trim());
}

/** Shows a website with `https://` when it has no scheme. */
export function displayWebsite(website: string): string {
  const w = website.trim();
  return /^https?:\/\//i.test(w) ? w : `https://${w}`;
}

const blank = (v: unknown) => !isFilled(v);
const countTrue = (flags: object | null | undefined) =>
  Object.values(flags ?? {}).filter((v) => v === true).length;

export type FieldErrors = Partial<Record<string, string>>;

/**
 * The problems of one section, field by field, with the spec's messages. `requireAll` also reports
 * missing required fields (used before publishing); otherwise only values that are present but wrong.
 */
export function sectionErrors(
  kind: ProfileType,
  section: SectionId,
  data: Partial<ProfileData>,
  opts: { requireAll: boolean } = { requireAll: true },
): FieldErrors {
  const d = data as Record<string, unknown> & Partial<CompanyProfileData> & Partial<ExpertProfileData>;
  const e: FieldErrors = {};
  const need = (field: string, message: string) => {
    if (opts.requireAll && blank(d[field])) e[field] = message;
  };
  if (section === 'basics') {
    if (d.phone && !isValidPhone(d.phone)) e.phone = fieldMessages.phoneInvalid;
    else need('phone', fieldMessages.phoneInvalid);
    if (d.linkedin && !isValidLinkedin(d.linkedin)) e.linkedin = fieldMessages.linkedinInvalid;
    else need('linkedin', fieldMessages.linkedinInvalid);
    need('interGenData', fieldMessages.referralRequired);
    if (d.interGenData && countTrue(pickSources(d.interGenData)) === 0 && opts.requireAll) {
      e.interGenData = fieldMessages.referralRequired;
    }
    if (kind === 'company') {
      need('jobTitle', fieldMessages.jobTitleRequired);
      need('companyName', fieldMessages.companyNameRequired);
      if (d.companySize != null && !(d.companySize > 0)) e.companySize = fieldMessages.teamSizePositive;
      else need('companySize', fieldMessages.teamSizeRequired);
      if (d.yearsInBusiness != null && d.yearsInBusiness < 0) e.yearsInBusiness = fieldMessages.yearsNegative;
      else need('yearsInBusiness', fieldMessages.yearsRequired);
      if (d.website && !isValidWebsite(d.website)) e.website = fieldMessages.websiteScheme;
      else need('website', fieldMessages.websiteRequired);
      need('revenue', fieldMessages.revenueRequired);
      need('capital', fieldMessages.capitalRequired);
    }
  } else if (section === 'profile') {
    need('experience', fieldMessages.industryRequired);
    need('areasOfImprovement', fieldMessages.areasRequired);
    if (kind === 'company' && countTrue(d.areasOfImprovement as object) > limits.companyAreasMax) {
      e.areasOfImprovement = fieldMessages.areasTooMany;
    }
    need('idealEngagement', fieldMessages.idealEngagementRequired);
    need('businessType', fieldMessages.selectOption);
    need('currentStage', fieldMessages.stageRequired);
  } else {
    need('anythingElse', fieldMessages.anythingElseRequired);
    need('arrangement', fieldMessages.radioRequired);
    need('investmentOpportunities', fieldMessages.radioRequired);
    need('boardOpportunities', fieldMessages.radioRequired);
    need('profileImage', fieldMessages.imageRequired);
    if (kind === 'expert') {
      need('engagementType', fieldMessages.radioRequired);
      need('interests', fieldMessages.referralRequired);
    }
  }
  return e;
}

/**
 * Every value present but breaking its field rule, over all sections (missing values are not reported): what a
 * draft may hold and the member must still correct. Empty when every value present is acceptable.
 */
export function ruleErrors(kind: ProfileType, data: Partial<ProfileData>): FieldErrors {
  const out: FieldErrors = {};
  for (const section of sectionIds) {
    Object.assign(out, sectionErrors(kind, section, data, { requireAll: false }));
  }
  return out;
}

function pickSources(data: InterGenData): Flags<ReferralSource> {
  const { referralText: _r, otherText: _o, ...sources } = data;
  return sources;
}

/** Clears the referral and other texts when their boxes are unticked (spec 001 §5). */
export function cleanInterGenData(data: InterGenData): InterGenData {
  const cleaned: InterGenData = { ...data };
  if (!cleaned.referral) delete cleaned.referralText;
  if (!cleaned.other) delete cleaned.otherText;
  return cleaned;
}

/** Whether a step may be left with Next: 100 % complete and no errors. */
export function canProceed(kind: ProfileType, section: SectionId, data: Partial<ProfileData>): boolean {
  return (
    completion(kind, data).sections[section] === 100 &&
    Object.keys(sectionErrors(kind, section, data)).length === 0
  );
}

/**
 * The save helper skips nil values (spec 001 §5): a field the form did not send (undefined or null) is
 * left as stored. A blank string or all-false flags is a deliberate clearing and is written, so a member can
 * empty a field without the old value coming back.
 */
export function savablePatch<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(patch).filter(([, v]) => v !== undefined && v !== null),
  ) as Partial<T>;
}
