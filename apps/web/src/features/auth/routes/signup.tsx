import { authTexts } from '@intergen/domain';
import { AuthPage } from '../../../components/auth-page';
import { SignUpForm } from '../components/signup-form';

/** `/signup`: choose I am..., full name, e-mail and password. */
export function SignUpRoute() {
  return (
    <AuthPage title={authTexts.signUpTitle} description={authTexts.signUpDescription}>
      <SignUpForm />
    </AuthPage>
  );
}
