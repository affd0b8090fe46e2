import type { ProfileStatus } from './profile-status.ts';

/** The profile, wizard and account texts of spec 000 §2 and 001 §8, verbatim where the spec quotes them. */
export const profileTexts = {
  // Errors
  expertIncomplete: 'Expert must have a completed profile in order to publish',
  companyIncomplete: 'Company must have a completed profile in order to publish',
  pauseFailed: 'Failed to pause account',
  unpauseFailed: 'Failed to unpause account',
  deleteFailed: 'Failed to delete account',
  setPendingFailed: 'Failed to set profile pending',
  updateFailed: 'Failed to update profile',
  emailNotVerified: 'Please verify your e-mail address first.',
  reasonRequired: 'Please choose a reason or tell us more.',
  onlyExperts: 'Only business advisors can do this.',
  onlyCompanies: 'Only scaling companies can do this.',
  profileNotFound: 'This profile could not be found.',
  notPaused: 'This profile is not paused.',
  notPublished: 'This profile is not published.',
  fieldNotInSection: 'This field cannot be saved in this section.',
  imageUnreadable: 'This file is not an image we can read. Please upload a JPEG, PNG, WebP or GIF picture.',
  // Wizard
  nextSection: 'Next Section',
  previousSection: 'Previous Section',
  nextDisabledTooltip: 'All fields must be completed before proceeding',
  leaveWhileSaving: 'Changes are being saved. Are you sure you want to leave?',
  saving: 'Saving....',
  allSaved: 'All Changes Saved',
  update: 'Update',
  saveChanges: 'Save Changes',
  finish: 'Finish',
  previewProfile: 'Preview profile',
  edit: 'Edit',
  missingTitle: 'Oops! Not all of the required fields have been filled out.',
  missingHint: 'Visit the appropriate sections to complete your profile:',
  // E-mail verification (review step)
  verificationTitle: 'Email Verification',
  tryAnotherAccount: 'Try another account',
  resendEmail: 'Resend email',
  verifiedTitle: 'Your e-mail is verified',
  verifiedBody: 'Thank you! Your e-mail address is verified and we are finding your personalised matches.',
  verificationPrompt: 'Enter the 5-character code we sent to your e-mail address.',
  verificationCodeLabel: 'Verification code',
  verificationContinue: 'Continue',
  // E-mail verification (not quoted by the spec)
  verifyEmailPrompt: 'Your e-mail address is not verified yet. Enter the code we e-mailed you.',
  enterCode: 'Enter verification code',
  emailVerifiedNotice: 'Your e-mail address is verified.',
  sendNewCode: 'Send a new code',
  // Wizard (not quoted by the spec)
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
  retry: 'Try again',
  previewHeading: 'Your profile as others will see it',
  notAnswered: 'Not answered yet',
  // Profile picture dialog
  imageDialogTitle: 'Profile picture',
  imageUpload: 'Upload picture',
  imageChange: 'Change picture',
  imageDropHint: 'Drag a picture here or click to choose a file',
  imageRules: 'JPEG, PNG, WebP or GIF, at most 500KB. A square picture of 400×400 pixels works best.',
  imageUploading: 'Uploading your picture…',
  imageUploaded: 'Your new profile picture',
  imageAlt: (name: string) => `Profile picture of ${name}`,
  done: 'Done',
  // Profile pages
  contactHidden: "You can view their contact info once you're connected.",
  pendingBanner:
    "Your profile is currently under review. We will let you know as soon as it's published so you can begin exploring and receiving connection opportunities.",
  pausedBanner: 'Your Profile is currently on Pause',
  resumeLink: 'Resume your account',
  welcomeBack: 'Welcome back! Your profile is active again.',
  // Account dialogs
  pauseTitle: 'Pause Account',
  pauseBody:
    'While your account is paused your profile is hidden and you receive no new connection requests. You will receive a confirmation e-mail, and you can still log in to resume at any time.',
  resumeTitle: 'Resume Account',
  resumeBody: 'Resume your account to show your profile again and receive new connection requests.',
  privacyTitle: 'Account Privacy',
  setPublic: 'Set to Public',
  setPrivate: 'Set to Private',
  privacyPrivateBody:
    'Private: your contact info is visible only to your connections and your profile is hidden from the Community.',
  privacyPublicBody: 'Public: your profile is visible in the Community.',
  disableTitle: 'Disable Account',
  disableWarning:
    'Disabling your account deletes all of your profile information, including your connections. This cannot be undone. You will receive a confirmation e-mail.',
  annualTitle: 'Please confirm your business information',
  maybeLater: 'Maybe later',
  confirm: 'Confirm',
  cancel: 'Cancel',
} as const;

export const pauseReasonLabels = {
  noTime: "I don't have the time",
  noConnections: "I haven't made any connections",
  other: 'Other',
} as const;

export const disableReasonLabels = {
  tooManyEmails: "I'm receiving too many emails",
  noTime: "I don't have the time",
  noConnections: "I haven't made any connections",
  companyInactive: 'Company no longer active/ in business',
  other: 'Other',
} as const;

/** The chip under a profile's name. */
export const profileChips = { expert: 'Business Advisor', company: 'Scaling Company' } as const;

/** Ratings show from 5 reviews, rounded to the nearest half star. */
export function displayedRating(average: number, count: number): { stars: number; count: number } | null {
  if (count < 5) return null;
  return { stars: Math.round(average * 2) / 2, count };
}

/** The local-storage key that remembers the version-change popup was seen (spec 001 §9). */
export const newChangesPopupStorageKey = 'hasSeenNewChangesPopup';

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

/** The profile pages' headings and labels (spec 000 §2, Profile pages; not quoted by the spec). */
export const profilePageTexts = {
  verified: 'Verified',
  contactInfo: 'Contact info',
  email: 'E-mail',
  phone: 'Phone',
  jobTitle: 'Job title',
  linkedin: 'LinkedIn',
  website: 'Website',
  rating: 'Rating',
  ratingSummary: (stars: number, count: number) => `${stars} out of 5 from ${count} reviews`,
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
  tryAgain: 'Try again',
  close: 'Close',
} as const;

/**
 * Where an expert's profile stands for the privacy wording: public only when published and not private (an
 * unpublished profile is in no Community, whatever its setting).
 */
export type PrivacyState = 'public' | 'private' | 'unpublished';

export function privacyStateOf(profile: { private: boolean; profilePublished: boolean }): PrivacyState {
  if (profile.private) return 'private';
  return profile.profilePublished ? 'public' : 'unpublished';
}

/** The account dialogs' labels around the spec's texts (spec 000 §2, Account dialogs and banners). */
export const accountTexts = {
  heading: 'Account',
  pauseReasonLegend: 'Why are you pausing your account?',
  disableReasonLegend: 'Why are you disabling your account?',
  tellUsMore: 'Tell us more',
  privacyCurrent: (state: PrivacyState) =>
    ({
      public: 'Your profile is currently public.',
      private: 'Your profile is currently private.',
      unpublished: 'Your profile is not public yet: it shows in the Community once it is published.',
    })[state],
  communityLink: 'Visit the Community',
  dismiss: 'Dismiss',
  loadingActions: 'Loading account actions',
  annualBody: 'It has been a year since you last updated your business information. Is it still correct?',
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

/** The admin profiles pages (an admin tool: the spec quotes none of these words). */
export const adminProfileTexts = {
  navLabel: 'Profiles',
  pageTitle: 'Profiles',
  pageDescription: 'Approve business advisors, and see and change any profile’s status.',
  awaitingTitle: 'Awaiting approval',
  awaitingEmpty: 'No business advisor is waiting for approval.',
  allTitle: 'All profiles',
  allEmpty: 'No profile matches these filters.',
  kindFilter: 'Type',
  statusFilter: 'Status',
  any: 'Any',
  name: 'Name',
  kind: 'Type',
  status: 'Status',
  completion: 'Completion',
  emailVerified: 'E-mail verified',
  verified: profilePageTexts.verified,
  updated: 'Updated',
  actions: 'Actions',
  yes: 'Yes',
  no: 'No',
  open: 'Open',
  approve: 'Approve',
  publish: 'Publish',
  verify: 'Verify',
  unverify: 'Unverify',
  activate: 'Activate',
  deactivate: 'Deactivate',
  unpublish: 'Unpublish',
  moreActions: (name: string) => `More actions for ${name}`,
  reasonLabel: 'Reason',
  reasonRequired: 'Please give a reason.',
  reasonTitle: (action: string, name: string) => `${action} ${name}`,
  deactivateHint: 'The member is signed out at once and cannot sign in until the profile is activated again.',
  unpublishHint: 'The profile leaves the community until it is published again.',
  cancel: 'Cancel',
  refresh: 'Refresh',
  loading: 'Loading profiles',
  backToProfiles: 'All profiles',
  statusPanel: 'Status',
  email: 'E-mail',
  sectionCompletion: 'Completion by section',
  publishDate: 'Published on',
  pausedDate: 'Paused on',
  pauseReason: 'Pause reason',
  deactivatedDate: 'Deactivated on',
  disableReason: 'Disable or unpublish reason',
  private: 'Private',
  pendingChanges: 'Unpublished edits',
  rating: 'Rating',
  ratingValue: (average: number, count: number) => `${average.toFixed(2)} from ${count} reviews`,
  /** A date or count the profile does not have yet. */
  none: '—',
} as const;
