import type { SessionUser } from '@intergen/contracts';
import { limits, messages, type ProfileType, passwordProblem } from '@intergen/domain';
import type { Database, Db, Executor } from '../../db/client.ts';
import { hashToken, randomCode, randomToken } from '../../lib/crypto.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { mailTemplates, queueMail } from '../mail/index.ts';
import type * as members from '../members/index.ts';
import {
  findProfile,
  findProfileStatus,
  firstIncompleteStep,
  setHasEmailVerificationCode,
  statusOf,
  storedProfileOf,
  withPending,
} from '../members/index.ts';
import * as repo from './auth.repository.ts';
import type { SessionCache } from './sessions.cache.ts';

/**
 * Runs in the transaction that verifies a member's e-mail, after the address is marked verified (the profiles
 * module publishes or submits a profile that was waiting for it).
 */
export type EmailVerifiedHook = (tx: Executor, userId: string) => Promise<void>;

export interface AuthServiceDeps {
  database: Database;
  appUrl: string;
  /** Called after a transaction that queued mail (or other outbox work) has committed, to send it at once. */
  afterCommit: () => void;
  onEmailVerified?: readonly EmailVerifiedHook[];
  /** Looked-up sessions kept by this instance (sessions.cache.ts); none: every lookup reads the database. */
  sessionCache?: SessionCache | null;
  /** The clock that dates a sign-up (the analytics' cohort week); now by default. */
  now?: () => Date;
}

export interface IssuedSession {
  /** The secret for the cookie; the database keeps only its hash. */
  token: string;
  expiresAt: Date;
}

export interface ClientInfo {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

/** What every auth use case works with: the database and the service's dependencies, built once. */
export interface AuthContext {
  database: Database;
  db: Db;
  appUrl: string;
  afterCommit: () => void;
  onEmailVerified: readonly EmailVerifiedHook[];
  sessionCache: SessionCache | null;
  now: () => Date;
}

/** The context of `createAuthService`, built once from its dependencies. */
export function authContext({
  database,
  appUrl,
  afterCommit,
  onEmailVerified = [],
  sessionCache = null,
  now = () => new Date(),
}: AuthServiceDeps): AuthContext {
  return { database, db: database.db, appUrl, afterCommit, onEmailVerified, sessionCache, now };
}

/** The client's view of a user; `sessionToken` names the session whose flags it carries (none: a new one). */
export async function toSessionUser(
  ex: Executor,
  user: members.UserRow,
  sessionToken?: string | null,
  /** The session's flag when the caller has it already (read with the session): not read again. */
  knownPostponed?: boolean,
  /** The user's rows when the caller has them already (read with the session): the profile is not read again. */
  known?: members.MemberRows,
): Promise<SessionUser> {
  // The account is the row just read: the profile's statement alone, or none when the session lookup read it.
  const profile =
    known && known.user.id === user.id
      ? storedProfileOf(known)
      : user.kind
        ? await findProfile(ex, user)
        : null;
  const postponed = sessionToken
    ? (knownPostponed ?? (await repo.isAnnualConfirmationPostponed(ex, hashToken(sessionToken))))
    : false;
  return sessionUserOf(user, profile, postponed);
}

/** `toSessionUser` from what has been read: the account, its profile (none yet: null) and the session's flag. */
export function sessionUserOf(
  user: members.UserRow,
  profile: members.StoredProfile | null,
  annualConfirmationPostponed: boolean,
): SessionUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    firstName: user.firstName,
    lastName: user.lastName,
    kind: user.kind ?? null,
    isAdmin: user.isAdmin,
    emailVerified: user.emailVerified,
    profile: profile
      ? {
          status: statusOf(profile),
          profileComplete: profile.profileComplete,
          onboardingComplete: profile.onboardingComplete,
          firstIncompleteStep: firstIncompleteStep(profile.kind, withPending(profile)),
        }
      : null,
    annualConfirmationPostponed,
  };
}

/** Whether an account may hold a session: it has a login and its profile is not deactivated. */
export async function refusal(ex: Executor, user: members.UserRow): Promise<AppError | null> {
  if (user.loginRemovedAt) return refusalOf(user, false);
  const row = user.kind ? await findProfileStatus(ex, user.kind, user.id) : null;
  return refusalOf(user, Boolean(row?.deactivatedDate));
}

/** `refusal` for a user whose profile's state is known (`deactivated`: the profile of the user's kind is). */
export function refusalOf(user: members.UserRow, deactivated: boolean): AppError | null {
  if (user.loginRemovedAt) return new AppError('INVALID_CREDENTIALS', messages.invalidCredentials);
  if (deactivated) return new AppError('ACCOUNT_DEACTIVATED', messages.accountDeactivated);
  return null;
}

/** Starts a session for the user (ending the one the browser held, `replacing`); the cookie gets its token. */
export async function issueSession(
  ex: Executor,
  userId: string,
  client: ClientInfo,
  replacing?: string,
): Promise<IssuedSession> {
  if (replacing) await repo.deleteSession(ex, hashToken(replacing));
  const token = randomToken();
  const expiresAt = new Date(Date.now() + limits.sessionTtlMs);
  await repo.insertSession(ex, {
    id: hashToken(token),
    userId,
    expiresAt,
    userAgent: client.userAgent?.slice(0, 500) ?? null,
    ip: client.ip ?? null,
  });
  return { token, expiresAt };
}

/** Replaces the user's e-mail verification code with a new one and queues the mail that carries it. */
export async function issueVerificationCode(
  { appUrl }: AuthContext,
  ex: Executor,
  user: { id: string; firstName: string; email: string; kind: ProfileType | null },
) {
  const code = randomCode(limits.verificationCodeAlphabet, limits.verificationCodeLength);
  await repo.replaceVerificationCode(ex, {
    userId: user.id,
    codeHash: hashToken(code),
    expiresAt: new Date(Date.now() + limits.verificationCodeTtlMs),
  });
  if (user.kind) await setHasEmailVerificationCode(ex, user.kind, user.id, true);
  await queueMail(
    ex,
    user.email,
    mailTemplates.emailVerification({
      firstName: user.firstName,
      code,
      profileUrl: `${appUrl}/profile/edit`,
    }),
  );
}

/** Stores a one-time sign-in token for the user and answers the link that carries it. */
export async function issueLinkToken(
  { appUrl }: AuthContext,
  ex: Executor,
  user: members.UserRow,
  opts: { redirect?: string | null; dealId?: string | null; ttlMs?: number },
): Promise<string> {
  const token = randomToken();
  await repo.insertToken(ex, {
    tokenHash: hashToken(token),
    userId: user.id,
    purpose: 'one_time_login',
    redirect: opts.redirect ?? null,
    dealId: opts.dealId ?? null,
    expiresAt: new Date(Date.now() + (opts.ttlMs ?? limits.tokenTtlMs)),
  });
  return `${appUrl}/login-options?token=${encodeURIComponent(token)}`;
}

/** Refuses a new password the domain's rules reject, naming the form field that holds it. */
export function checkNewPassword(password: string, field: string) {
  const problem = passwordProblem(password);
  if (problem) throw badRequest('PASSWORD_WEAK', problem, [{ path: field, message: problem }]);
}
