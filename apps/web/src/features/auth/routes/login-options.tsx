import { afterLoginPath, authTexts, routes } from '@intergen/domain';
import { Divider } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthPage } from '../../../components/auth-page';
import { PageLoader } from '../../../components/full-page-loader';
import { errorMessage } from '../../../lib/api-client';
import { useConsumeOneTimeLink } from '../api/consume-one-time-link';
import { signIn } from '../api/sign-in';
import { AuthLinkLine, withRedirect } from '../components/auth-parts';
import { DealOneTimeLinkButton } from '../components/deal-one-time-link-button';
import { LoginForm } from '../components/login-form';
import { useEnterApp } from './use-enter-app';

/**
 * `/login-options`: with `token`, signs in with the one-time link at once and goes to its redirect;
 * otherwise (or when the link fails) login with e-mail and password or `Sign in with a one-time link`.
 * Query parameters: login, redirect, deal, token (spec 000 §2).
 */
export function LoginOptionsRoute() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const consume = useConsumeOneTimeLink();
  const token = searchParams.get('token');
  const redirect = searchParams.get('redirect');
  const login = searchParams.get('login');
  const deal = searchParams.get('deal');
  const signInThenEnter = useEnterApp(signIn, redirect);

  // The token is single use: post it once per page, even when React runs effects twice in development.
  const consumedToken = useRef<string | null>(null);
  const [linkFailed, setLinkFailed] = useState(false);
  const [linkError, setLinkError] = useState<string | null>(null);
  const { mutate } = consume;
  useEffect(() => {
    if (!token || consumedToken.current === token) return;
    consumedToken.current = token;
    mutate(
      { token },
      {
        onSuccess: ({ user, redirect: linkRedirect }) =>
          navigate(afterLoginPath(user, linkRedirect ?? redirect), { replace: true }),
        onError: (error) => {
          setLinkFailed(true);
          setLinkError(errorMessage(error));
        },
      },
    );
  }, [token, redirect, mutate, navigate]);

  if (token && !linkFailed) return <PageLoader label={authTexts.signingIn} />;

  return (
    <AuthPage title={authTexts.logIn} description={authTexts.loginOptionsDescription}>
      <LoginForm
        onSubmit={signInThenEnter}
        initialError={linkError}
        onEdit={() => setLinkError(null)}
        extra={(email, emailNeeded) => (
          <>
            <Divider label={authTexts.or} labelPosition="center" />
            <DealOneTimeLinkButton
              email={email}
              params={{ login, deal, redirect }}
              onEmailMissing={() => emailNeeded(authTexts.oneTimeLinkEmailNeeded)}
            />
            <AuthLinkLine
              lead={authTexts.noInvitationLink}
              to={withRedirect(routes.oneTimeRequest, redirect)}
            >
              {authTexts.requestOneTimeLinkByEmail}
            </AuthLinkLine>
          </>
        )}
      />
    </AuthPage>
  );
}
