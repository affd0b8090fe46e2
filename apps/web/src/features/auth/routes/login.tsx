import { useSearchParams } from 'react-router';
import { signIn } from '../api/sign-in';
import { LoginPage } from '../components/login-page';
import { useEnterApp } from './use-enter-app';

/** `/` in the app (a visitor with a cookie, or arriving from another page of the app). */
export function LoginRoute() {
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  return <LoginPage redirect={redirect} onSubmit={useEnterApp(signIn, redirect)} />;
}
