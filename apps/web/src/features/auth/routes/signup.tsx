import { AuthPage } from '../../../components/auth-page';
import { SignUpForm } from '../components/signup-form';

/** `/signup`: choose I am..., full name, e-mail and password. */
export function SignUpRoute() {
  return (
    <AuthPage
      title="Create your account"
      description="Join InterGen as a business advisor or a scaling company."
    >
      <SignUpForm />
    </AuthPage>
  );
}
