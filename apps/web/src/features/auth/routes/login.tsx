import { labels, routes } from '@intergen/domain';
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
    <AuthPage
      title="Log in"
      description="Welcome to InterGen, where business advisors and scaling companies meet."
    >
      <LoginForm redirect={redirect} />
      <Divider label="or" labelPosition="center" />
      <Stack gap="xs" align="center">
        <Text size="sm" ta="center">
          <Anchor component={Link} to={oneTimeHref}>
            Email me a one-time sign-in link
          </Anchor>
        </Text>
        <Text size="sm" ta="center">
          New to InterGen?{' '}
          <Anchor component={Link} to={routes.signup}>
            {labels.signUpLink}
          </Anchor>
        </Text>
      </Stack>
    </AuthPage>
  );
}
