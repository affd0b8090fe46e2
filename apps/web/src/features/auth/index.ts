/**
 * The auth feature's public API: the signed-out pages and the Account section's Change Password; the login and
 * sign-up pages with their requests also for the signed-out entry (app/signed-out-app.tsx), which passes its own
 * `onSubmit` to them.
 */
export { signIn } from './api/sign-in';
export { signUp } from './api/sign-up';
export { LoginPage } from './components/login-page';
export { SignUpPage } from './components/signup-form';
export { authRouteModules, ChangePasswordButton, LoginOptionsRoute } from './lazy-parts';
