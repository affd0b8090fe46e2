import type { ProfileType } from '../accounts.ts';
import type {
  CompanyProfileData,
  ExpertProfileData,
  ProfileImage,
  SectionId,
  sectionFields,
} from '../profile-rules.ts';

/**
 * The test fixture of a valid profile per role, by wizard section: what the server, web and browser tests fill
 * a profile with. Every required field holds a value that passes its field rule (spec 001 §5) and the contracts'
 * section schemas (`sectionPatchSchemas`); the review step's default avatar (`avatarOf`) completes it. Test code
 * only: reached through `@intergen/domain/testing`, never through the package's index.
 */

/** A profile's data by role. */
export interface ProfileDataOf {
  expert: ExpertProfileData;
  company: CompanyProfileData;
}

/** The fields a save of the section carries (the picture changes only through the upload or the review step). */
type SavedField<K extends ProfileType, S extends SectionId> = Exclude<
  (typeof sectionFields)[K][S][number],
  'profileImage'
> &
  keyof ProfileDataOf[K];

/** One section's valid values: every field of the section, none of them empty. */
export type ValidSection<K extends ProfileType, S extends SectionId> = {
  [F in SavedField<K, S>]: NonNullable<ProfileDataOf[K][F]>;
};

export type ValidSections<K extends ProfileType> = { [S in SectionId]: ValidSection<K, S> };

/** What a test changes in the valid sections: per section, the fields that differ (each replaces the valid one). */
export type SectionOverrides<K extends ProfileType> = {
  [S in SectionId]?: Partial<{ [F in SavedField<K, S>]: ProfileDataOf[K][F] }>;
};

/** Valid values for every field of every section, per role. */
export const validSections: { [K in ProfileType]: ValidSections<K> } = {
  expert: {
    basics: {
      interGenData: { socialMedia: true },
      phone: '(555) 123-4567',
      linkedin: 'https://www.linkedin.com/in/ada-lovelace',
      about: 'Engineer and mathematician who has scaled three analytical engine companies.',
    },
    profile: {
      experience: { tech: true, financial: true },
      areasOfImprovement: { growthCapital: true, productDevelopment: true },
      idealEngagement: { mentor: true, advice: true },
      businessType: 'B2B',
      currentStage: { scaling: true, startup: true },
    },
    extras: {
      anythingElse: 'Twenty years of building teams; happy to mentor founders on their first hires.',
      engagementType: 'oneOngoing',
      arrangement: 'volunteer',
      investmentOpportunities: 'yes',
      boardOpportunities: 'no',
      interests: { investingConsideringOpportunities: true },
    },
  },
  company: {
    basics: {
      jobTitle: 'Chief Executive Officer',
      companyName: 'Acme Robotics',
      slogan: 'Robots that help',
      companySize: 12,
      yearsInBusiness: 3,
      website: 'https://acme.example.com',
      revenue: 'revenueLessThanFiveMoreThanOne',
      capital: 'capitalLessThan250k',
      interGenData: { referral: true, referralText: 'A friend from the accelerator' },
      phone: '555-987-6543',
      linkedin: 'https://www.linkedin.com/company/acme-robotics',
      about: 'We build warehouse robots for small retailers.',
    },
    profile: {
      experience: { manufacturing: true, tech: true },
      areasOfImprovement: { growthCapital: true, marketExpansion: true },
      idealEngagement: { handsOn: true },
      businessType: 'B2C',
      currentStage: 'scaling',
    },
    extras: {
      anythingElse: 'We are looking for an advisor who has taken a hardware product to a second market.',
      arrangement: 'feeBased',
      investmentOpportunities: 'yes',
      boardOpportunities: 'yes',
    },
  },
};

/** The role's valid sections with a test's `overrides` (a field given replaces the valid value of its section). */
export function sectionsWith<K extends ProfileType>(
  kind: K,
  overrides: SectionOverrides<K> = {},
): ValidSections<K> {
  const valid = validSections[kind] as ValidSections<K>;
  return {
    basics: { ...valid.basics, ...overrides.basics },
    profile: { ...valid.profile, ...overrides.profile },
    extras: { ...valid.extras, ...overrides.extras },
  } as ValidSections<K>;
}

/** One of the role's four default avatars, as the review step gives it. */
export function avatarOf(kind: ProfileType, n: 1 | 2 | 3 | 4 = 1): ProfileImage {
  return { url: `/avatars/${kind}-${n}.svg`, name: `${kind}-${n}.svg` };
}

/**
 * A complete profile's data: every field of the role, the valid sections (with `overrides`) and the default
 * avatar (`profileImage` may be overridden too, e.g. with null for a profile that has not reached the review).
 */
export function validProfileData<K extends ProfileType>(
  kind: K,
  overrides: SectionOverrides<K> & { profileImage?: ProfileImage | null } = {},
): ProfileDataOf[K] {
  const sections = sectionsWith(kind, overrides);
  return {
    ...sections.basics,
    ...sections.profile,
    ...sections.extras,
    profileImage: overrides.profileImage === undefined ? avatarOf(kind) : overrides.profileImage,
  } as ProfileDataOf[K];
}
