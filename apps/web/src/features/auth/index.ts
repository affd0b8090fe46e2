/** The auth feature's public API: the signed-out pages and the Account section's Change Password. */
export { ChangePasswordButton, LoginOptionsRoute, loadSignUpRoute } from './lazy-parts';
export { ForgotPasswordRoute } from './routes/forgot-password';
export { LoginRoute } from './routes/login';
export { LoginOneTimeRequestRoute } from './routes/login-one-time-request';
export { ResetPasswordRoute } from './routes/reset-password';
