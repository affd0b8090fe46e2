import { authTexts } from '@intergen/domain';
import { AuthPage } from '../../../components/auth-page';
import { ForgotPasswordForm } from '../components/forgot-password-form';

/** `/forgotPassword`: e-mail input and Reset Password button. */
export function ForgotPasswordRoute() {
  return (
    <AuthPage title={authTexts.forgotTitle} description={authTexts.forgotDescription}>
      <ForgotPasswordForm />
    </AuthPage>
  );
}
