import { limits } from '../constants.ts';
import type { PrivacyState } from '../profile-status.ts';

/**
 * Accounts: signing up, in and out, passwords, one-time links, e-mail verification, and the account's settings —
 * pause, resume, privacy, disable and the annual confirmation (spec 000 §1 and §2, Logged-out; Profile wizard;
 * Account dialogs and banners). The errors the server answers with are in `messages` (common.ts).
 */

/** The signed-out screens and the password dialogs: the spec's labels (spec 000 §2) and our words around them. */
export const authTexts = {
  // Spec 000 §2, Logged-out and Account dialogs
  logIn: 'Log in',
  signUp: 'Sign Up',
  forgotPasswordLink: 'Forgot password',
  iAm: 'I am...',
  loginLink: 'Login',
  resetPassword: 'Reset Password',
  requestOneTimeLink: 'Request one time link',
  signInWithOneTimeLink: 'Sign in with a one-time link',
  changePassword: 'Change Password',
  // Ours
  loginDescription: 'Welcome to InterGen, where business advisors and scaling companies meet.',
  loginOptionsDescription: 'Log in with your password, or have a one-time sign-in link sent to you.',
  /** On the e-mail field when `Sign in with a one-time link` is pressed with none typed (/login-options). */
  oneTimeLinkEmailNeeded: 'Enter your e-mail address: the one-time link is sent to it.',
  /** The word between two ways of signing in ("Log in … or … a one-time link"). */
  or: 'or',
  email: 'Email',
  password: 'Password',
  fullName: 'Full name',
  passwordHint: `At least ${limits.passwordMin} characters.`,
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmNewPassword: 'Confirm new password',
  emailMeOneTimeLink: 'Email me a one-time sign-in link',
  newToInterGen: 'New to InterGen?',
  alreadyHaveAccount: 'Already have an account?',
  signUpTitle: 'Create your account',
  signUpDescription: 'Join InterGen as a business advisor or a scaling company.',
  /** The hint under each profile type of the sign-up's `I am...`. */
  profileTypeHints: { expert: 'I advise growing companies.', company: 'We are looking for advisors.' },
  forgotTitle: 'Forgot your password?',
  forgotDescription:
    'Enter the e-mail address of your account and we will send you a link to set a new password.',
  rememberedIt: 'Remembered it?',
  backToLogin: 'Back to login',
  resetTitle: 'Set a new password',
  resetDescription: 'Choose a new password for your InterGen account.',
  setNewPassword: 'Set new password',
  linkExpired: 'Link expired?',
  requestNewOne: 'Request a new one',
  requestNewLink: 'Request a new link',
  oneTimeTitle: 'Sign in without a password',
  oneTimeDescription: 'We will e-mail you a link that signs you in once. It is valid for 15 minutes.',
  preferPassword: 'Prefer your password?',
  logInWithPassword: 'Log in with your password',
  signingIn: 'Signing you in…',
  noInvitationLink: 'No invitation link?',
  requestOneTimeLinkByEmail: 'Request a one-time link by e-mail',
} as const;

/** E-mail verification, before the first publish and on the own profile (spec 000 §2, Profile wizard). */
export const emailVerificationTexts = {
  // Spec 000 §2
  verificationTitle: 'Email Verification',
  tryAnotherAccount: 'Try another account',
  resendEmail: 'Resend email',
  // Ours
  verifiedTitle: 'Your e-mail is verified',
  verifiedBody: 'Thank you! Your e-mail address is verified and we are finding your personalised matches.',
  verificationPrompt: 'Enter the 5-character code we sent to your e-mail address.',
  verificationCodeLabel: 'Verification code',
  verificationContinue: 'Continue',
  verifyEmailPrompt: 'Your e-mail address is not verified yet. Enter the code we e-mailed you.',
  enterCode: 'Enter verification code',
  emailVerifiedNotice: 'Your e-mail address is verified.',
  sendNewCode: 'Send a new code',
} as const;

/** The account's dialogs and banners (spec 000 §2, Account dialogs and banners; Dashboard and communities). */
export const accountTexts = {
  // Spec 000 §2
  pauseTitle: 'Pause Account',
  resumeTitle: 'Resume Account',
  pausedBanner: 'Your Profile is currently on Pause',
  privacyTitle: 'Account Privacy',
  setPublic: 'Set to Public',
  setPrivate: 'Set to Private',
  disableTitle: 'Disable Account',
  maybeLater: 'Maybe later',
  confirm: 'Confirm',
  // Ours, saying what the spec describes
  heading: 'Account',
  pauseBody:
    'While your account is paused your profile is hidden and you receive no new connection requests. You will receive a confirmation e-mail, and you can still log in to resume at any time.',
  pauseReasonLegend: 'Why are you pausing your account?',
  resumeBody: 'Resume your account to show your profile again and receive new connection requests.',
  resumeLink: 'Resume your account',
  welcomeBack: 'Welcome back! Your profile is active again.',
  privacyPrivateBody:
    'Private: your contact info is visible only to your connections and your profile is hidden from the Community.',
  privacyPublicBody: 'Public: your profile is visible in the Community.',
  privacyCurrent: (state: PrivacyState) =>
    ({
      public: 'Your profile is currently public.',
      private: 'Your profile is currently private.',
      unpublished: 'Your profile is not public yet: it shows in the Community once it is published.',
    })[state],
  communityLink: 'Visit the Community',
  disableWarning:
    'Disabling your account deletes all of your profile information, including your connections. This cannot be undone. You will receive a confirmation e-mail.',
  disableReasonLegend: 'Why are you disabling your account?',
  tellUsMore: 'Tell us more',
  annualTitle: 'Please confirm your business information',
  annualBody: 'It has been a year since you last updated your business information. Is it still correct?',
  loadingActions: 'Loading account actions',
  signOutEverywhere: 'Sign out everywhere',
  signOutEverywhereBody:
    'This signs you out on every device and browser where you are logged in, this one included. You can log in again at any time.',
  signOutEverywhereFailed: 'Could not sign you out everywhere',
  signedOutEverywhere: 'Signed out everywhere',
} as const;

/** The Pause Account dialog's reasons (spec 000 §2, verbatim). */
export const pauseReasonLabels = {
  noTime: "I don't have the time",
  noConnections: "I haven't made any connections",
  other: 'Other',
} as const;

/** The Disable Account dialog's reasons (spec 000 §2, verbatim). */
export const disableReasonLabels = {
  tooManyEmails: "I'm receiving too many emails",
  noTime: "I don't have the time",
  noConnections: "I haven't made any connections",
  companyInactive: 'Company no longer active/ in business',
  other: 'Other',
} as const;
