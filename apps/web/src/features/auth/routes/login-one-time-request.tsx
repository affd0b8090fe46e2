import { useSearchParams } from 'react-router';
import { AuthPage } from '../../../components/auth-page';
import { OneTimeLinkRequestForm } from '../components/one-time-link-request-form';

/** `/login-one-time-request`: asks for an e-mail and mails a one-time sign-in link. */
export function LoginOneTimeRequestRoute() {
  const [searchParams] = useSearchParams();
  return (
    <AuthPage
      title="Sign in without a password"
      description="We will e-mail you a link that signs you in once. It is valid for 15 minutes."
    >
      <OneTimeLinkRequestForm redirect={searchParams.get('redirect')} />
    </AuthPage>
  );
}
