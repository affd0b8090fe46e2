import type { ProfileType } from '../accounts.ts';
import type { ProfileStatus } from '../profile-status.ts';

/**
 * Profiles: the member's profile through its life — the wizard and its fields, the picture, the profile pages,
 * publishing and review, and how a status and a profile type read (spec 000 §1, §2 Profile wizard and Profile
 * pages, §3 and §4; spec 001 §5 field rules, §8 missing areas).
 */

/** The profile's errors and the publish-readiness messages, verbatim where the spec quotes them (spec 001 §8). */
export const profileTexts = {
  // Publishing and review (spec 000 §2, 001 §8)
  expertIncomplete: 'Expert must have a completed profile in order to publish',
  companyIncomplete: 'Company must have a completed profile in order to publish',
  missingTitle: 'Oops! Not all of the required fields have been filled out.',
  missingHint: 'Visit the appropriate sections to complete your profile:',
  pendingBanner:
    "Your profile is currently under review. We will let you know as soon as it's published so you can begin exploring and receiving connection opportunities.",
  setPendingFailed: 'Failed to set profile pending',
  // Account changes that fail (spec 001 §8)
  pauseFailed: 'Failed to pause account',
  unpauseFailed: 'Failed to unpause account',
  deleteFailed: 'Failed to delete account',
  updateFailed: 'Failed to update profile',
  // Ours
  emailNotVerified: 'Please verify your e-mail address first.',
  reasonRequired: 'Please choose a reason or tell us more.',
  onlyExperts: 'Only business advisors can do this.',
  onlyCompanies: 'Only scaling companies can do this.',
  profileNotFound: 'This profile could not be found.',
  notPaused: 'This profile is not paused.',
  notPublished: 'This profile is not published.',
  fieldNotInSection: 'This field cannot be saved in this section.',
  imageUnreadable: 'This file is not an image we can read. Please upload a JPEG, PNG, WebP or GIF picture.',
  uploadMalformed: 'The upload was incomplete or malformed. Please choose the picture again.',
} as const;

/** The wizard's buttons, save indicator, step bar and preview (spec 000 §2, Profile wizard; the rest ours). */
export const wizardTexts = {
  // Spec 000 §2
  nextSection: 'Next Section',
  previousSection: 'Previous Section',
  nextDisabledTooltip: 'All fields must be completed before proceeding',
  leaveWhileSaving: 'Changes are being saved. Are you sure you want to leave?',
  saving: 'Saving....',
  allSaved: 'All Changes Saved',
  finish: 'Finish',
  previewProfile: 'Preview profile',
  edit: 'Edit',
  // Ours
  update: 'Update',
  saveChanges: 'Save Changes',
  stayOnPage: 'Stay on this page',
  leavePage: 'Leave',
  leaveTitle: 'Leave this page?',
  leaveWithUnsaved: 'Some changes could not be saved. Are you sure you want to leave?',
  stepsLabel: 'Profile steps',
  stepOf: (n: number, total: number) => `Step ${n} of ${total}`,
  stepDone: 'complete',
  optional: 'Optional',
  chooseOne: 'Choose one',
  loadingProfile: 'Loading your profile…',
  previewHeading: 'Your profile as others will see it',
  notAnswered: 'Not answered yet',
} as const;

/** The profile picture dialog and the picture itself (spec 000 §2 names the dialog; the words are ours). */
export const profilePictureTexts = {
  imageDialogTitle: 'Profile picture',
  imageUpload: 'Upload picture',
  imageChange: 'Change picture',
  imageDropHint: 'Drag a picture here or click to choose a file',
  imageRules: 'JPEG, PNG, WebP or GIF, at most 500KB. A square picture of 400×400 pixels works best.',
  imageUploading: 'Uploading your picture…',
  imageUploaded: 'Your new profile picture',
  imageAlt: (name: string) => `Profile picture of ${name}`,
} as const;

/**
 * The wizard's field labels, by role (the spec names the fields; these are the questions a member reads).
 * `referralText` and `otherText` are the inputs shown when Referral or Other is ticked.
 */
export const profileFieldLabels = {
  expert: {
    interGenData: 'How did you hear about InterGen?',
    referralText: 'Who referred you?',
    otherText: 'Where did you hear about us?',
    phone: 'Phone number',
    linkedin: 'LinkedIn profile URL',
    about: 'About you',
    experience: 'Which industries do you have experience in?',
    areasOfImprovement: 'Which areas can you help companies improve?',
    idealEngagement: 'What is your ideal engagement?',
    businessType: 'Which business type do you prefer to work with?',
    currentStage: 'Which company stages do you like to work with?',
    anythingElse: 'Anything else?',
    profileImage: 'Profile picture',
    engagementType: 'What type of engagement are you looking for?',
    arrangement: 'Arrangement',
    investmentOpportunities: 'Are you interested in investment opportunities?',
    boardOpportunities: 'Are you interested in board opportunities?',
    interests: 'What are your investing interests?',
  },
  company: {
    interGenData: 'How did you hear about InterGen?',
    referralText: 'Who referred you?',
    otherText: 'Where did you hear about us?',
    phone: 'Phone number',
    linkedin: 'LinkedIn profile URL',
    jobTitle: 'Job Title',
    companyName: 'Company Name',
    slogan: 'Slogan',
    companySize: 'Team Size',
    yearsInBusiness: 'Years operational',
    website: 'Company website',
    revenue: 'Annual revenue',
    capital: 'Capital raised',
    about: 'About your company',
    experience: 'Which industry is your company in?',
    areasOfImprovement: 'Which areas do you want to improve? Choose up to 3.',
    idealEngagement: 'What kind of connection are you looking for?',
    businessType: 'What is your business type?',
    currentStage: 'What stage is your company at?',
    anythingElse: 'Anything else?',
    profileImage: 'Profile picture',
    arrangement: 'Fee arrangement',
    investmentOpportunities: 'Are you open to investment opportunities?',
    boardOpportunities: 'Are you looking for board members?',
  },
} as const;

/** Hints under some wizard fields. */
export const profileFieldHints = {
  phone: 'A 10-digit number, for example (555) 123-4567.',
  linkedin: 'For example https://www.linkedin.com/in/your-name',
  website: 'Starting with http:// or https://',
  anythingElse:
    'Tell us a little more about yourself and what you are looking for, to help us match you better.',
  expertArrangement: 'Would you like to volunteer, or work on a fee basis?',
  companyArrangement: 'Are you looking for volunteer help, or open to paying a fee?',
} as const;

/** Field messages of spec 001 §5, verbatim. */
export const fieldMessages = {
  phoneInvalid: 'Phone number is not valid',
  linkedinInvalid: 'LinkedIn profile URL is not valid',
  jobTitleRequired: 'Job Title is required',
  companyNameRequired: 'Company Name is required',
  teamSizePositive: 'Team Size must be greater than 0',
  teamSizeRequired: 'Team Size is required',
  yearsNegative: "Years operational can't be negative",
  yearsRequired: 'Years operational is required',
  websiteScheme: 'URL must begin with http:// or https://',
  websiteRequired: 'Company website is required',
  selectOption: 'You must select an option.',
  radioRequired: 'A radio option is required',
  areasRequired: 'You must select at least one of the available areas to improve.',
  areasTooMany: 'Too many values selected. Please reduce to 3.',
  stageRequired: 'You must select at least one.',
  idealEngagementRequired: 'You must select at least one of the available options.',
  referralRequired: 'You must select at least one of the available options',
  anythingElseRequired: 'Please add some additional details to help us match you better',
  industryRequired: 'You must select at least one industry',
  imageTooLarge: 'The file size exceeds the limit of 500KB.',
  revenueRequired: 'Please select your annual revenue',
  capitalRequired: 'Please select the capital you have raised',
  imageRequired: 'Please add a profile picture',
} as const;

/**
 * The profile pages' and cards' headings and labels (spec 000 §2, Profile pages: the contact line is verbatim,
 * the rest ours).
 */
export const profilePageTexts = {
  contactHidden: "You can view their contact info once you're connected.",
  viewProfile: 'View Profile',
  verified: 'Verified',
  contactInfo: 'Contact info',
  email: 'E-mail',
  phone: 'Phone',
  jobTitle: 'Job title',
  linkedin: 'LinkedIn',
  website: 'Website',
  rating: 'Rating',
  ratingSummary: (stars: number, count: number) => `${stars} out of 5 from ${count} reviews`,
  /** A member card's rating, read as one sentence. */
  cardRating: (stars: number, count: number) => `Rated ${stars} out of 5 from ${count} reviews`,
  about: 'About',
  engagement: 'Engagement',
  engagementType: 'Engagement type',
  arrangement: 'Arrangement',
  experience: 'Experience',
  areasOfImprovement: 'Areas of improvement',
  idealEngagement: 'Ideal engagement',
  businessType: 'Business type',
  currentStage: 'Current stage',
  investmentOpportunities: 'Investment opportunities',
  boardOpportunities: 'Board opportunities',
  anythingElse: 'Anything else',
  interests: 'Interests',
  companyInfo: 'Company info',
  companyName: 'Company name',
  slogan: 'Slogan',
  teamSize: 'Team size',
  yearsInBusiness: 'Years in business',
  revenue: 'Annual revenue',
  capital: 'Capital raised',
  industries: 'Industries',
  seeking: 'What we are seeking',
  seekingAreas: 'Areas to improve',
  connectionTypes: 'Connection types',
  notFoundTitle: 'Profile not found',
  loadFailedTitle: 'This profile could not be loaded',
  backToDashboard: 'Back to dashboard',
} as const;

/** How a profile's status reads (spec 000 §4) on the own profile page and the admin pages. */
export const profileStatusLabels = {
  published: 'Published',
  pending: 'Under review',
  paused: 'Paused',
  inactive: 'Inactive',
  disabled: 'Disabled',
  complete: 'Complete',
  incomplete: 'Incomplete',
} as const satisfies Record<ProfileStatus, string>;

/** The two member kinds as the spec labels them (spec 000 §1): sign-up's choice and the chip under a name. */
export const profileTypeLabels = {
  expert: 'Business Advisor',
  company: 'Scaling Company',
} as const satisfies Record<ProfileType, string>;
