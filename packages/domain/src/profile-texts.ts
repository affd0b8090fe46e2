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
