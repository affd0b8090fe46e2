import { lazy, Suspense } from 'react';
import { PageLoader } from '../../components/full-page-loader';

/**
 * The auth pages other than the login, and Change Password, load with `import()` of their own: the login page
 * (the first page most people see) does not fetch the sign-up form's radio cards or the password dialog.
 */

/**
 * The app's auth pages, for the router's `lazy`: the router shows a page once its module is there, so it is drawn
 * at once, never a loader first. Loaded with `import()`, so that this feature's public API (index.ts) imports no
 * router and no query cache statically: the signed-out entry imports the login and sign-up pages from it.
 */
export const authRouteModules = {
  login: async () => (await import('./routes/login')).LoginRoute,
  signUp: async () => (await import('./routes/signup')).SignUpRoute,
  forgotPassword: async () => (await import('./routes/forgot-password')).ForgotPasswordRoute,
  resetPassword: async () => (await import('./routes/reset-password')).ResetPasswordRoute,
  oneTimeRequest: async () => (await import('./routes/login-one-time-request')).LoginOneTimeRequestRoute,
};

const LoginOptions = lazy(async () => ({
  default: (await import('./routes/login-options')).LoginOptionsRoute,
}));
const ChangePassword = lazy(async () => ({
  default: (await import('./components/change-password-modal')).ChangePasswordButton,
}));

export function LoginOptionsRoute() {
  return (
    <Suspense fallback={<PageLoader />}>
      <LoginOptions />
    </Suspense>
  );
}

export function ChangePasswordButton() {
  return (
    <Suspense fallback={null}>
      <ChangePassword />
    </Suspense>
  );
}
