/**
 * Common: what belongs to no one concept. `messages` holds the errors any request can be refused with (not
 * signed in, forbidden, not found, too many attempts, bad input, something went wrong) and, under the same
 * name the server answers with, the account errors of sign-up, login, passwords, one-time links and e-mail
 * verification (spec 001 §8, Behaviour on failure; spec 001 §5). `commonTexts` holds the words every dialog
 * and page shares (Cancel, Close, Try again, the page that failed).
 */

/** The errors and notices the server answers with, defined once; the web shows them as they come. */
export const messages = {
  // Any request
  notSignedIn: 'You need to sign in to continue.',
  forbidden: 'You do not have permission to do that.',
  notFound: 'Not found',
  somethingWentWrong: 'Something went wrong. Please try again.',
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
  crossOriginRefused: 'This request did not come from the InterGen site and was refused.',
  unknownCursor: 'This page no longer exists. Please start again from the first page.',
  // Bad input and abuse (ours, for requests a browser on the site does not send)
  unsupportedCharacters: 'This contains characters that cannot be saved.',
  inputTooDeep: 'This request is nested too deeply.',
  numberOutOfRange: 'This number is too large.',
  serverBusy: 'The server is busy. Please try again in a moment.',
  tooManyLiveStreams: 'Too many live connections are open for this session. Close a tab and try again.',
  tooManyLiveStreamsForMember:
    'Too many live connections are open for your account. Close a tab or another browser and try again.',
  // Sign-up (spec 001 §5, §8)
  allFieldsRequired: 'All fields must be filled out',
  profileTypeRequired: 'You must select a profile type',
  emailAlreadyRegistered: 'This email address has already been registered in our system.',
  passwordTooShort: 'Password must be at least 6 characters long.',
  passwordTooCommon: 'This password is too common. Please choose a less predictable one.',
  invalidEmail: 'Please enter a valid e-mail address',
  emailHiddenCharacters:
    'This e-mail address contains invisible or control characters. Please type it again without them.',
  // Login
  invalidCredentials: 'The e-mail address or password is incorrect.',
  accountDeactivated: 'Your account is deactivated. Please get in touch with the InterGen Team.',
  // Password reset and change
  resetSuccess: 'Success! Check your email for instructions on how to reset your password.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  passwordResetDone: 'Your password has been reset. You can now log in with your new password.',
  passwordsDoNotMatch: 'Passwords do not match!',
  passwordChanged: 'Password changed successfully!',
  currentPasswordWrong: 'The current password is incorrect.',
  // One-time link
  oneTimeLinkFailedClient: 'Failed to generate link.',
  oneTimeLinkFailed: 'Failed to generate link',
  oneTimeLinkMissingData: 'Failed to generate link without required data',
  oneTimeLinkSent:
    'If an account exists for that e-mail, a one-time sign-in link is on its way. It is valid for 15 minutes.',
  oneTimeLinkInvalid: 'This sign-in link is invalid, expired or already used. Please request a new one.',
  // E-mail verification
  incorrectCode: 'Incorrect code',
  incompleteCode: 'Incomplete code',
  verificationCodeExpired: 'This code has expired. Send yourself a new code to continue.',
  verificationCodeVoid: 'This code can no longer be used. Send yourself a new code to continue.',
  verificationTechnicalDifficulties:
    'Sorry, we are experiencing technical difficulties. Please try again in 5 minutes.',
  verificationFailed: 'Failed to proceed with email verification',
  verificationCodeSent: 'A new verification code has been sent to your e-mail address.',
  emailAlreadyVerified: 'Your e-mail address is already verified.',
} as const;

export type MessageKey = keyof typeof messages;

/** The words every dialog and page shares, and the page that could not be shown (ours, but `Done`, `Dismiss`). */
export const commonTexts = {
  cancel: 'Cancel',
  close: 'Close',
  /** The review dialog's and the picture dialog's closing button (spec 000 §2). */
  done: 'Done',
  /** The connect dialog's failure button (spec 000 §2) and a banner's close. */
  dismiss: 'Dismiss',
  refresh: 'Refresh',
  loading: 'Loading…',
  tryAgain: 'Try again',
  reload: 'Reload',
  unreachableTitle: 'InterGen could not be reached',
  pageFailedTitle: 'Something went wrong',
  pageFailedBody: 'This page could not be shown. Reloading usually helps.',
  /** A carousel's buttons, with the carousel's name: "Previous: Recommended Ventures". */
  previous: (carousel: string) => `Previous: ${carousel}`,
  next: (carousel: string) => `Next: ${carousel}`,
} as const;
