/**
 * Navigation: the app around every page — the header, its menus, the footer, page titles, the help modal and
 * the version-change popup (spec 000 §1 and §2, Header and footer; Dashboard and communities).
 */

/** The header's and footer's links and menus: the spec's labels (spec 000 §2) and our words around them. */
export const navigationTexts = {
  // Spec 000 §2, Header and footer
  dashboard: 'Dashboard',
  myNetwork: 'My Network',
  profile: 'Profile',
  help: 'Help',
  settings: 'Settings',
  logout: 'Logout',
  footerLogOut: 'Log out',
  // Ours
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
} as const;

/** Page titles the spec quotes (spec 000 §2) beyond the wizard's, which come from its step table. */
export const pageTitles = {
  dashboard: 'Welcome Back',
} as const;

/** The help modal (spec 000 §1: title, the 24-hour promise, Okay; the line before the address is ours). */
export const helpTexts = {
  title: 'Need help?',
  replyTime: 'We reply to every message within 24 hours.',
  okay: 'Okay',
  /** The line before the support address (followed by the address and a full stop). */
  writeToSupport: 'Write to the InterGen team at',
  loadingSupportAddress: 'Loading the support address',
} as const;

/**
 * The version-change welcome popup (spec 000 §2; the words are ours). When it is due is in
 * `interface-rules.ts`.
 */
export const newChangesPopupTexts = {
  title: 'Welcome to the new InterGen',
  intro: 'We have rebuilt InterGen to make connecting easier. Here is what is new:',
  items: [
    'Every recommendation shows a match score and why you were matched.',
    'Connection requests arrive on your dashboard as they are sent, without reloading the page.',
    'After you meet a new connection you can leave a review and add the meeting to your calendar.',
  ],
  button: 'Got it',
} as const;
