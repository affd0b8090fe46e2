import { authTexts, messages, routes } from '@intergen/domain';
import { Button } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/alerts';
import { AuthPage } from '../../../components/auth-page';
import { ResetPasswordForm } from '../components/reset-password-form';

/** `/reset-password?token=…`: the page an e-mailed reset link opens. */
export function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');

  return (
    <AuthPage title={authTexts.resetTitle} description={authTexts.resetDescription}>
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <>
          <ErrorAlert message={messages.resetLinkInvalid} />
          <Button component={Link} to={routes.forgotPassword} fullWidth size="md">
            {authTexts.requestNewLink}
          </Button>
        </>
      )}
    </AuthPage>
  );
}
