import { limits } from './constants.ts';
import { wizardSteps } from './profile-rules.ts';

/** Labels of buttons, links and menus that the spec quotes (spec 000 §1, §2). */
export const labels = {
  // Login (spec 000 §2)
  logIn: 'Log in',
  signUpLink: 'Sign Up',
  forgotPasswordLink: 'Forgot password',
  // Sign-up
  iAm: 'I am...',
  signUpButton: 'Sign Up',
  loginLink: 'Login',
  // Forgot password, one-time links
  resetPassword: 'Reset Password',
  requestOneTimeLink: 'Request one time link',
  signInWithOneTimeLink: 'Sign in with a one-time link',
  // Header, footer, help (spec 000 §1, §2)
  dashboard: 'Dashboard',
  myNetwork: 'My Network',
  profile: 'Profile',
  help: 'Help',
  settings: 'Settings',
  logout: 'Logout',
  footerLogOut: 'Log out',
  okay: 'Okay',
  // Account dialogs
  changePassword: 'Change Password',
} as const;

/** Page titles the spec quotes (spec 000 §2); the wizard's come from its step table. */
export const pageTitles = {
  dashboard: 'Welcome Back',
  basicInformation: { expert: wizardSteps.expert[0]!.title, company: wizardSteps.company[0]!.title },
  expertStep2: wizardSteps.expert[1]!.title,
  companyStep2: wizardSteps.company[1]!.title,
  step3: wizardSteps.expert[2]!.title,
  review: wizardSteps.expert[3]!.title,
} as const;

/**
 * The app shell's words around the spec's labels: the layout, loaders, the page that failed, the logo, the
 * header's menus and the help modal (ours: the spec quotes none of them).
 */
export const layoutTexts = {
  brand: 'InterGen',
  logoHome: 'InterGen home',
  /** `document.title` of a page. */
  documentTitle: (page: string) => (page ? `${page} · InterGen` : 'InterGen'),
  copyright: (year: number) => `© ${year} InterGen`,
  skipToContent: 'Skip to content',
  mainNavigation: 'Main',
  menu: 'Menu',
  account: 'Account',
  admin: 'Admin',
  loggingOut: 'Logging out…',
  loading: 'Loading…',
  close: 'Close',
  cancel: 'Cancel',
  tryAgain: 'Try again',
  /** The word between two ways of doing one thing ("Log in … or … a one-time link"). */
  or: 'or',
  unreachableTitle: 'InterGen could not be reached',
  pageFailedTitle: 'Something went wrong',
  pageFailedBody: 'This page could not be shown. Reloading usually helps.',
  reload: 'Reload',
  loadingSupportAddress: 'Loading the support address',
  /** The help modal's line before the support address (followed by the address and a full stop). */
  writeToSupport: 'Write to the InterGen team at',
  /** A carousel's buttons, with the carousel's name: "Previous: Recommended Ventures". */
  previous: (carousel: string) => `Previous: ${carousel}`,
  next: (carousel: string) => `Next: ${carousel}`,
} as const;

/** The signed-out screens' titles, fields and links around the spec's labels (ours). */
export const authTexts = {
  loginTitle: 'Log in',
  loginDescription: 'Welcome to InterGen, where business advisors and scaling companies meet.',
  loginOptionsDescription: 'Log in with your password, or have a one-time sign-in link sent to you.',
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

/** The admin mailbox (the e-mails held while no SMTP server is configured; an admin tool, ours). */
export const adminMailboxTexts = {
  navLabel: 'Mailbox',
  title: 'Mailbox',
  description: 'E-mails sent while no SMTP server is configured.',
  refresh: 'Refresh',
  loading: 'Loading the mailbox',
  empty: 'No e-mails yet',
  emptyDescription: 'Messages appear here as soon as InterGen sends one.',
  loadMore: 'Load more',
  listLabel: 'E-mails, newest first',
  to: 'To',
  toLabel: 'To:',
  subject: 'Subject',
  time: 'Time',
  message: 'Message',
  loadingMessage: 'Loading the message',
  close: 'Close',
} as const;

/** My Network and the communities (spec 000 §2): their pages exist, their sections are not built yet. */
export const networkTexts = {
  myNetworkTitle: labels.myNetwork,
  expertCommunityTitle: 'Expert Community',
  ventureCommunityTitle: 'Venture Community',
  myNetworkNotBuilt: 'My Network arrives in a coming update.',
  communityNotBuilt: 'The community arrives in a coming update.',
} as const;
