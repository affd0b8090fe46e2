import { bindContext } from '../../lib/use-case.ts';
import { createAdmin, hasAdmin } from './admins.ts';
import { type AuthServiceDeps, authContext } from './auth.context.ts';
import { sendVerificationCode, verifyEmail } from './email-verification.ts';
import { isKnownClient, rememberClient } from './known-clients.ts';
import { consumeOneTimeLink, requestDealOneTimeLink, requestOneTimeLink } from './one-time-links.ts';
import { changePassword, forgotPassword, resetPassword } from './passwords.ts';
import {
  describeUser,
  postponeAnnualConfirmation,
  pruneExpired,
  resolveSession,
  sessionAnswer,
  signIn,
  signOut,
  signOutEverywhere,
} from './sessions.ts';
import { signUp } from './sign-up.ts';

/**
 * Sign-up, sign-in and sessions, passwords, one-time links, e-mail verification and admin accounts. Each method
 * is a use-case function of this folder, given the context built here once.
 */
export function createAuthService(deps: AuthServiceDeps) {
  const ctx = authContext(deps);
  const use = bindContext(ctx);
  return {
    describe: use(describeUser),
    postponeAnnualConfirmation: use(postponeAnnualConfirmation),
    signUp: use(signUp),
    signIn: use(signIn),
    pruneExpired: use(pruneExpired),
    signOut: use(signOut),
    signOutEverywhere: use(signOutEverywhere),
    resolveSession: use(resolveSession),
    sessionAnswer: use(sessionAnswer),
    forgotPassword: use(forgotPassword),
    resetPassword: use(resetPassword),
    changePassword: use(changePassword),
    requestOneTimeLink: use(requestOneTimeLink),
    requestDealOneTimeLink: use(requestDealOneTimeLink),
    consumeOneTimeLink: use(consumeOneTimeLink),
    sendVerificationCode: use(sendVerificationCode),
    verifyEmail: use(verifyEmail),
    createAdmin: use(createAdmin),
    hasAdmin: use(hasAdmin),
    rememberClient: use(rememberClient),
    isKnownClient: use(isKnownClient),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
