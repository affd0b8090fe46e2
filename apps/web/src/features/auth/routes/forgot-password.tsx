import { AuthPage } from '../../../components/auth-page';
import { ForgotPasswordForm } from '../components/forgot-password-form';

/** `/forgotPassword`: e-mail input and Reset Password button. */
export function ForgotPasswordRoute() {
  return (
    <AuthPage
      title="Forgot your password?"
      description="Enter the e-mail address of your account and we will send you a link to set a new password."
    >
      <ForgotPasswordForm />
    </AuthPage>
  );
}
