import { lazy, Suspense } from 'react';
import { PageLoader } from '../../components/full-page-loader';

/**
 * The auth pages other than the login, and Change Password, load with `import()` of their own: the login page
 * (the first page most people see) does not fetch the sign-up form's radio cards or the password dialog.
 */
const SignUp = lazy(async () => ({ default: (await import('./routes/signup')).SignUpRoute }));
const LoginOptions = lazy(async () => ({
  default: (await import('./routes/login-options')).LoginOptionsRoute,
}));
const ChangePassword = lazy(async () => ({
  default: (await import('./components/change-password-modal')).ChangePasswordButton,
}));

export function SignUpRoute() {
  return (
    <Suspense fallback={<PageLoader />}>
      <SignUp />
    </Suspense>
  );
}

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
