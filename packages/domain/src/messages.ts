/**
 * Every user-visible text the spec quotes, defined once. Server and web import these; a spec message
 * string appears nowhere else in the code.
 */
export const messages = {
  // Sign-up (spec 001 §5, §8)
  allFieldsRequired: 'All fields must be filled out',
  profileTypeRequired: 'You must select a profile type',
  emailAlreadyRegistered: 'This email address has already been registered in our system.',
  passwordTooShort: 'Password must be at least 6 characters long.',
  passwordTooCommon: 'This password is too common. Please choose a less predictable one.',
  invalidEmail: 'Please enter a valid e-mail address',
  // Login
  invalidCredentials: 'The e-mail address or password is incorrect.',
  accountDeactivated: 'Your account is deactivated. Please get in touch with the InterGen Team.',
  notSignedIn: 'You need to sign in to continue.',
  forbidden: 'You do not have permission to do that.',
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
  // Generic
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
  somethingWentWrong: 'Something went wrong. Please try again.',
  crossOriginRefused: 'This request did not come from the InterGen site and was refused.',
  notFound: 'Not found',
  unknownCursor: 'This page no longer exists. Please start again from the first page.',
  // Bad input and abuse (not spec texts: ours, for requests a browser on the site does not send)
  unsupportedCharacters: 'This contains characters that cannot be saved.',
  inputTooDeep: 'This request is nested too deeply.',
  numberOutOfRange: 'This number is too large.',
  serverBusy: 'The server is busy. Please try again in a moment.',
  tooManyLiveStreams: 'Too many live connections are open for this session. Close a tab and try again.',
  // Help modal (spec 000 §1)
  helpTitle: 'Need help?',
  helpReplyTime: 'We reply to every message within 24 hours.',
} as const;

export type MessageKey = keyof typeof messages;
