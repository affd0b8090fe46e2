import { authTexts, labels, layoutTexts, routes } from '@intergen/domain';
import { Anchor, Divider, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { AuthPage } from '../../../components/auth-page';
import { LoginForm } from '../components/login-form';

/** `/`: login with e-mail and password; links to Sign Up, Forgot password and a one-time link. */
export function LoginRoute() {
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  const oneTimeHref = redirect
    ? `${routes.oneTimeRequest}?redirect=${encodeURIComponent(redirect)}`
    : routes.oneTimeRequest;

  return (
    <AuthPage title={authTexts.loginTitle} description={authTexts.loginDescription}>
      <LoginForm redirect={redirect} />
      <Divider label={layoutTexts.or} labelPosition="center" />
      <Stack gap="xs" align="center">
        <Text size="sm" ta="center">
          <Anchor component={Link} to={oneTimeHref}>
            {authTexts.emailMeOneTimeLink}
          </Anchor>
        </Text>
        <Text size="sm" ta="center">
          {authTexts.newToInterGen}{' '}
          <Anchor component={Link} to={routes.signup}>
            {labels.signUpLink}
          </Anchor>
        </Text>
      </Stack>
    </AuthPage>
  );
}
