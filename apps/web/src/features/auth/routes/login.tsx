import { authTexts, routes } from '@intergen/domain';
import { Divider, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { AuthPage } from '../../../components/auth-page';
import { AuthLinkLine, withRedirect } from '../components/auth-parts';
import { LoginForm } from '../components/login-form';

/** `/`: login with e-mail and password; links to Sign Up, Forgot password and a one-time link. */
export function LoginRoute() {
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');

  return (
    <AuthPage title={authTexts.logIn} description={authTexts.loginDescription}>
      <LoginForm redirect={redirect} />
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
