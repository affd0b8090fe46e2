import type { SignInBody } from '@intergen/contracts';
import { authTexts, routes } from '@intergen/domain';
import { Divider, Stack } from '@mantine/core';
import { AuthPage } from '../../../components/auth-page';
import { AuthLinkLine, withRedirect } from './auth-parts';
import { LoginForm } from './login-form';

/**
 * `/`: login with e-mail and password; links to Sign Up, Forgot password and a one-time link. Shown by the app's
 * route (routes/login.tsx) and by the signed-out entry (app/signed-out-app.tsx), each with its `onSubmit`.
 */
export function LoginPage({
  redirect,
  onSubmit,
}: {
  /** The raw `redirect` query value: passed on to the one-time link's page (honoured after sign-in). */
  redirect: string | null;
  onSubmit: (body: SignInBody) => Promise<void>;
}) {
  return (
    <AuthPage title={authTexts.logIn} description={authTexts.loginDescription}>
      <LoginForm onSubmit={onSubmit} />
      <Divider label={authTexts.or} labelPosition="center" />
      <Stack gap="xs" align="center">
        <AuthLinkLine to={withRedirect(routes.oneTimeRequest, redirect)}>
          {authTexts.emailMeOneTimeLink}
        </AuthLinkLine>
        <AuthLinkLine lead={authTexts.newToInterGen} to={routes.signup}>
          {authTexts.signUp}
        </AuthLinkLine>
      </Stack>
    </AuthPage>
  );
}
