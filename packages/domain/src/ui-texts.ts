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
