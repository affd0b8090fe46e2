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
  return {
    describe: describeUser.bind(null, ctx),
    postponeAnnualConfirmation: postponeAnnualConfirmation.bind(null, ctx),
    signUp: signUp.bind(null, ctx),
    signIn: signIn.bind(null, ctx),
    pruneExpired: pruneExpired.bind(null, ctx),
    signOut: signOut.bind(null, ctx),
    signOutEverywhere: signOutEverywhere.bind(null, ctx),
    resolveSession: resolveSession.bind(null, ctx),
    sessionAnswer: sessionAnswer.bind(null, ctx),
    forgotPassword: forgotPassword.bind(null, ctx),
    resetPassword: resetPassword.bind(null, ctx),
    changePassword: changePassword.bind(null, ctx),
    requestOneTimeLink: requestOneTimeLink.bind(null, ctx),
    requestDealOneTimeLink: requestDealOneTimeLink.bind(null, ctx),
    consumeOneTimeLink: consumeOneTimeLink.bind(null, ctx),
    sendVerificationCode: sendVerificationCode.bind(null, ctx),
    verifyEmail: verifyEmail.bind(null, ctx),
    createAdmin: createAdmin.bind(null, ctx),
    hasAdmin: hasAdmin.bind(null, ctx),
    rememberClient: rememberClient.bind(null, ctx),
    isKnownClient: isKnownClient.bind(null, ctx),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
