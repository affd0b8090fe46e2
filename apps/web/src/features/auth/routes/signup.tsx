import { signUp } from '../api/sign-up';
import { SignUpPage } from '../components/signup-form';
import { useEnterApp } from './use-enter-app';

/** `/signup` in the app: choose I am..., full name, e-mail and password. */
export function SignUpRoute() {
  return <SignUpPage onSubmit={useEnterApp(signUp, null)} />;
}
