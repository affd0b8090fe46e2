/** The auth feature's public API: the signed-out pages and the Account section's Change Password. */
export { ChangePasswordButton } from './components/change-password-modal';
export { ForgotPasswordRoute } from './routes/forgot-password';
export { LoginRoute } from './routes/login';
export { LoginOneTimeRequestRoute } from './routes/login-one-time-request';
export { LoginOptionsRoute } from './routes/login-options';
export { ResetPasswordRoute } from './routes/reset-password';
export { SignUpRoute } from './routes/signup';
