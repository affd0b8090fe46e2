import { authTexts } from '@intergen/domain';
import { useSearchParams } from 'react-router';
import { AuthPage } from '../../../components/auth-page';
import { OneTimeLinkRequestForm } from '../components/one-time-link-request-form';

/** `/login-one-time-request`: asks for an e-mail and mails a one-time sign-in link. */
export function LoginOneTimeRequestRoute() {
  const [searchParams] = useSearchParams();
  return (
    <AuthPage title={authTexts.oneTimeTitle} description={authTexts.oneTimeDescription}>
      <OneTimeLinkRequestForm redirect={searchParams.get('redirect')} />
    </AuthPage>
  );
}
