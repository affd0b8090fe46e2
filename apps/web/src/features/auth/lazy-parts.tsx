import { lazy, Suspense } from 'react';
import { PageLoader } from '../../components/full-page-loader';

/**
 * The auth pages other than the login, and Change Password, load with `import()` of their own: the login page
 * (the first page most people see) does not fetch the sign-up form's radio cards or the password dialog.
 */

/**
 * The sign-up page, for the router's `lazy`: the router shows /signup once its module is there, so the page is
 * drawn at once, never a loader first (the server may have sent it prerendered, and the app draws over it).
 */
export async function loadSignUpRoute() {
  return (await import('./routes/signup')).SignUpRoute;
}

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
