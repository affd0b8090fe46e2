import type { SessionUser } from '@intergen/contracts';
import {
  isValidEmail,
  limits,
  messages,
  normalizeEmail,
  normalizeVerificationCode,
  type ProfileType,
  passwordProblem,
  splitName,
  toTitleCase,
} from '@intergen/domain';
import type { Database, Executor } from '../../db/client.ts';
import {
  hashPassword,
  hashToken,
  newId,
  passwordHasher,
  randomCode,
  randomToken,
  verifyPassword,
} from '../../lib/crypto.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { mailTemplates, queueMail } from '../mail/index.ts';
import * as members from '../members/index.ts';
import {
  createProfileWithContact,
  findProfile,
  findProfileStatus,
  firstIncompleteStep,
  setHasEmailVerificationCode,
  statusOf,
  withPending,
} from '../members/index.ts';
import * as repo from './auth.repository.ts';

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

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string })?.code === '23505' ||
  (error as { cause?: { code?: string } })?.cause?.code === '23505';

export function createAuthService({ database, appUrl, afterCommit, onEmailVerified = [] }: AuthServiceDeps) {
  const { db } = database;

  /** The client's view of a user; `sessionToken` names the session whose flags it carries (none: a new one). */
  async function toSessionUser(
    ex: Executor,
    user: members.UserRow,
    sessionToken?: string | null,
  ): Promise<SessionUser> {
    const profile = user.kind ? await findProfile(ex, user.id) : null;
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
      annualConfirmationPostponed: sessionToken
        ? await repo.isAnnualConfirmationPostponed(ex, hashToken(sessionToken))
        : false,
    };
  }

  /** Whether an account may hold a session: it has a login and its profile is not deactivated. */
  async function refusal(ex: Executor, user: members.UserRow): Promise<AppError | null> {
    if (user.loginRemovedAt) return new AppError('INVALID_CREDENTIALS', messages.invalidCredentials);
    if (user.kind) {
      const row = await findProfileStatus(ex, user.kind, user.id);
      if (row?.deactivatedDate) return new AppError('ACCOUNT_DEACTIVATED', messages.accountDeactivated);
    }
    return null;
  }

  async function issueSession(
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

  async function issueVerificationCode(
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

  async function issueLinkToken(
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

  function checkNewPassword(password: string, field: string) {
    const problem = passwordProblem(password);
    if (problem) throw badRequest('PASSWORD_WEAK', problem, [{ path: field, message: problem }]);
  }

  return {
    /** The client's view of a user: identity, kind, role, the profile status that routes them, session flags. */
    describe: (user: members.UserRow, sessionToken?: string | null) => toSessionUser(db, user, sessionToken),

    /** `Maybe later` on the annual confirmation: this session is not asked again (the next sign-in is). */
    async postponeAnnualConfirmation(user: members.UserRow, sessionToken: string): Promise<SessionUser> {
      await repo.postponeAnnualConfirmation(db, hashToken(sessionToken));
      return toSessionUser(db, user, sessionToken);
    },

    /**
     * Creates the auth user, the user record with its expert/company flag, the empty profile and contact
     * info, and queues the verification e-mail, in one transaction; then signs the user in.
     */
    async signUp(
      input: { name: string; email: string; password: string; profileType: ProfileType },
      client: ClientInfo,
    ): Promise<{ user: SessionUser; session: IssuedSession }> {
      const email = normalizeEmail(input.email);
      if (!isValidEmail(email)) {
        throw badRequest('VALIDATION_FAILED', messages.invalidEmail, [
          { path: 'email', message: messages.invalidEmail },
        ]);
      }
      checkNewPassword(input.password, 'password');
      // Everything that can refuse the sign-up is checked before the costly hash (and again in the transaction).
      if (await members.findUserByEmail(db, email)) {
        throw new AppError('EMAIL_TAKEN', messages.emailAlreadyRegistered);
      }
      const name = toTitleCase(input.name);
      const { firstName, lastName } = splitName(name);
      const passwordHash = await hashPassword(input.password);
      try {
        const result = await db.transaction(async (tx) => {
          if (await members.findUserByEmail(tx, email)) {
            throw new AppError('EMAIL_TAKEN', messages.emailAlreadyRegistered);
          }
          const user = await members.insertUser(tx, {
            id: newId(),
            email,
            name,
            firstName,
            lastName,
            kind: input.profileType,
            passwordHash,
          });
          await createProfileWithContact(tx, { userId: user.id, kind: input.profileType, name, email });
          await issueVerificationCode(tx, { ...user, kind: input.profileType });
          const session = await issueSession(tx, user.id, client);
          return { user: await toSessionUser(tx, user), session };
        });
        afterCommit();
        return result;
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN', messages.emailAlreadyRegistered);
        throw error;
      }
    },

    /** Signs in with e-mail and password, replacing any session the browser held (rotation). */
    async signIn(
      input: { email: string; password: string },
      client: ClientInfo,
      previousToken?: string,
    ): Promise<{ user: SessionUser; session: IssuedSession }> {
      const user = await members.findUserByEmail(db, normalizeEmail(input.email));
      if (!user?.passwordHash) {
        await passwordHasher.verifyNothing(input.password);
        throw new AppError('INVALID_CREDENTIALS', messages.invalidCredentials);
      }
      if (!(await verifyPassword(input.password, user.passwordHash))) {
        throw new AppError('INVALID_CREDENTIALS', messages.invalidCredentials);
      }
      const refused = await refusal(db, user);
      if (refused) throw refused;
      return db.transaction(async (tx) => ({
        session: await issueSession(tx, user.id, client, previousToken),
        user: await toSessionUser(tx, user),
      }));
    },

    /** Housekeeping: deletes expired sessions and expired sign-in and reset tokens. */
    async pruneExpired(): Promise<{ sessions: number; tokens: number }> {
      return {
        sessions: await repo.deleteExpiredSessions(db),
        tokens: await repo.deleteExpiredTokens(db),
      };
    },

    async signOut(token: string): Promise<void> {
      await repo.deleteSession(db, hashToken(token));
    },

    /**
     * Resolves a session cookie to its user. A session of an account that lost its login or was
     * deactivated is deleted on sight, so such a user is signed out at once.
     */
    async resolveSession(
      token: string,
    ): Promise<{ user: members.UserRow; sessionId: string; extendedUntil: Date | null } | null> {
      const sessionId = hashToken(token);
      const session = await repo.findLiveSession(db, sessionId);
      const user = session ? await members.findUserById(db, session.userId) : null;
      if (!session || !user) return null;
      const found = { session, user };
      if (await refusal(db, user)) {
        await repo.deleteUserSessions(db, user.id);
        return null;
      }
      // Sliding expiry, written at most once a day per session; the caller renews the cookie with it.
      let extendedUntil: Date | null = null;
      if (Date.now() - found.session.lastSeenAt.getTime() > 24 * 60 * 60 * 1000) {
        extendedUntil = new Date(Date.now() + limits.sessionTtlMs);
        await repo.extendSession(db, sessionId, extendedUntil);
      }
      return { user: found.user, sessionId, extendedUntil };
    },

    /** Mails a reset link when the account exists; answers the same either way (no account discovery). */
    async forgotPassword(emailInput: string): Promise<void> {
      const email = normalizeEmail(emailInput);
      const user = await members.findUserByEmail(db, email);
      if (!user || user.loginRemovedAt) return;
      await db.transaction(async (tx) => {
        await repo.deleteUserTokens(tx, user.id, 'password_reset');
        const token = randomToken();
        await repo.insertToken(tx, {
          tokenHash: hashToken(token),
          userId: user.id,
          purpose: 'password_reset',
          expiresAt: new Date(Date.now() + limits.tokenTtlMs),
        });
        await queueMail(
          tx,
          user.email,
          mailTemplates.passwordReset({
            firstName: user.firstName,
            url: `${appUrl}/reset-password?token=${encodeURIComponent(token)}`,
          }),
        );
      });
      afterCommit();
    },

    /** Sets a new password with a reset token (single use) and ends every session of the account. */
    async resetPassword(input: { token: string; password: string }): Promise<void> {
      checkNewPassword(input.password, 'password');
      // A dead link is refused before the costly hash; consuming it below keeps it single-use.
      if (!(await repo.findToken(db, hashToken(input.token), 'password_reset'))) {
        throw badRequest('TOKEN_INVALID', messages.resetLinkInvalid);
      }
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        const row = await repo.consumeToken(tx, hashToken(input.token), 'password_reset');
        if (!row) throw badRequest('TOKEN_INVALID', messages.resetLinkInvalid);
        await members.updateUser(tx, row.userId, { passwordHash });
        await repo.deleteUserSessions(tx, row.userId);
      });
    },

    /** Changes the password after checking the current one; other sessions end, this one is rotated. */
    async changePassword(
      userId: string,
      input: { currentPassword: string; newPassword: string; confirmPassword: string },
      client: ClientInfo,
    ): Promise<IssuedSession> {
      if (input.newPassword !== input.confirmPassword) {
        throw badRequest('PASSWORD_MISMATCH', messages.passwordsDoNotMatch, [
          { path: 'confirmPassword', message: messages.passwordsDoNotMatch },
        ]);
      }
      checkNewPassword(input.newPassword, 'newPassword');
      const user = await members.findUserById(db, userId);
      if (!user?.passwordHash || !(await verifyPassword(input.currentPassword, user.passwordHash))) {
        throw badRequest('CURRENT_PASSWORD_WRONG', messages.currentPasswordWrong, [
          { path: 'currentPassword', message: messages.currentPasswordWrong },
        ]);
      }
      const passwordHash = await hashPassword(input.newPassword);
      return db.transaction(async (tx) => {
        await members.updateUser(tx, userId, { passwordHash });
        await repo.deleteUserSessions(tx, userId);
        return issueSession(tx, userId, client);
      });
    },

    /** Mails a one-time sign-in link when the account exists and may sign in. */
    async requestOneTimeLink(input: { email: string; redirect?: string | undefined }): Promise<void> {
      const user = await members.findUserByEmail(db, normalizeEmail(input.email));
      if (!user || (await refusal(db, user))) return;
      await db.transaction(async (tx) => {
        const url = await issueLinkToken(tx, user, { redirect: input.redirect ?? null });
        await queueMail(tx, user.email, mailTemplates.oneTimeLogin({ firstName: user.firstName, url }));
      });
      afterCommit();
    },

    /**
     * The CRM deal link's button: mails a fresh link to the member the deal link names (`login`), provided
     * the typed e-mail is that member's. The answer does not reveal whether it matched.
     */
    async requestDealOneTimeLink(input: {
      email?: string | undefined;
      login?: string | undefined;
      deal?: string | undefined;
      redirect?: string | undefined;
    }): Promise<void> {
      const present = (v: string | undefined) => !!v && v.trim() !== '' && v.trim() !== 'null';
      if (!present(input.email) || !present(input.login) || !present(input.deal)) {
        throw badRequest('LINK_DATA_MISSING', messages.oneTimeLinkMissingData);
      }
      const user = await members.findUserById(db, input.login!.trim());
      if (!user || user.email !== normalizeEmail(input.email!) || (await refusal(db, user))) return;
      await db.transaction(async (tx) => {
        const url = await issueLinkToken(tx, user, {
          redirect: input.redirect ?? null,
          dealId: input.deal!.trim(),
        });
        await queueMail(tx, user.email, mailTemplates.oneTimeLogin({ firstName: user.firstName, url }));
      });
      afterCommit();
    },

    /** Signs in with a one-time link token. The token is single use; the password is never touched. */
    async consumeOneTimeLink(
      token: string,
      client: ClientInfo,
      previousToken?: string,
    ): Promise<{ user: SessionUser; session: IssuedSession; redirect: string | null }> {
      return db.transaction(async (tx) => {
        const row = await repo.consumeToken(tx, hashToken(token), 'one_time_login');
        if (!row) throw badRequest('TOKEN_INVALID', messages.oneTimeLinkInvalid);
        const user = await members.findUserById(tx, row.userId);
        if (!user) throw badRequest('TOKEN_INVALID', messages.oneTimeLinkInvalid);
        const refused = await refusal(tx, user);
        if (refused) throw refused;
        return {
          session: await issueSession(tx, user.id, client, previousToken),
          user: await toSessionUser(tx, user),
          redirect: row.redirect,
        };
      });
    },

    /** Issues a new e-mail verification code (voiding the previous one) and mails it. */
    async sendVerificationCode(userId: string): Promise<void> {
      const user = await members.findUserById(db, userId);
      if (!user) throw new AppError('UNAUTHENTICATED', messages.notSignedIn);
      if (user.emailVerified) throw badRequest('ALREADY_VERIFIED', messages.emailAlreadyVerified);
      await db.transaction((tx) => issueVerificationCode(tx, user));
      afterCommit();
    },

    /**
     * Checks a typed code: case-insensitive, valid 10 minutes, single use; the fifth wrong try voids it.
     * Concurrent tries are serialised by a row lock so none is lost from the count. An expired or voided code
     * answers CODE_EXPIRED, so the client can offer a new one. The verified hooks run in the same transaction:
     * a complete profile that reached the review step is published or submitted there, so the flow is done
     * even if the member never presses Continue.
     */
    async verifyEmail(userId: string, typed: string, sessionToken?: string | null): Promise<SessionUser> {
      const code = normalizeVerificationCode(typed);
      if (code.length < limits.verificationCodeLength)
        throw badRequest('CODE_INCOMPLETE', messages.incompleteCode);
      const outcome = await db.transaction(async (tx) => {
        const user = await members.findUserById(tx, userId);
        if (!user) throw new AppError('UNAUTHENTICATED', messages.notSignedIn);
        if (user.emailVerified) return { user: await toSessionUser(tx, user, sessionToken) };
        const row = await repo.findVerificationCodeForUpdate(tx, userId);
        if (!row) return { error: badRequest('CODE_EXPIRED', messages.verificationCodeVoid) };
        if (row.expiresAt.getTime() <= Date.now()) {
          await repo.deleteVerificationCode(tx, userId);
          return { error: badRequest('CODE_EXPIRED', messages.verificationCodeExpired) };
        }
        if (row.codeHash !== hashToken(code)) {
          const attempts = row.attempts + 1;
          if (attempts >= limits.verificationCodeMaxAttempts) await repo.deleteVerificationCode(tx, userId);
          else await repo.setVerificationAttempts(tx, userId, attempts);
          return { error: badRequest('CODE_INCORRECT', messages.incorrectCode) };
        }
        await repo.deleteVerificationCode(tx, userId);
        await members.updateUser(tx, userId, { emailVerified: true });
        if (user.kind) await setHasEmailVerificationCode(tx, user.kind, userId, false);
        for (const hook of onEmailVerified) await hook(tx, userId);
        return { user: await toSessionUser(tx, { ...user, emailVerified: true }, sessionToken) };
      });
      // The attempt count must be committed even when the answer is an error.
      if ('error' in outcome) throw outcome.error;
      afterCommit();
      return outcome.user;
    },

    /**
     * Makes `email` an admin (creating a password-less, verified account when there is none) and returns a
     * one-time sign-in link for it.
     */
    async createAdmin(
      emailInput: string,
      opts: { ttlMs?: number } = {},
    ): Promise<{ url: string; created: boolean }> {
      const email = normalizeEmail(emailInput);
      if (!isValidEmail(email) && !/^[^\s@]+@localhost$/.test(email)) {
        throw badRequest('VALIDATION_FAILED', messages.invalidEmail);
      }
      return db.transaction(async (tx) => {
        let user = await members.findUserByEmail(tx, email);
        const created = !user;
        if (user) {
          await members.updateUser(tx, user.id, { isAdmin: true });
          user = { ...user, isAdmin: true };
        } else {
          user = await members.insertUser(tx, {
            id: newId(),
            email,
            name: 'Admin',
            firstName: 'Admin',
            lastName: '',
            isAdmin: true,
            emailVerified: true,
          });
        }
        return { url: await issueLinkToken(tx, user, { ttlMs: opts.ttlMs }), created };
      });
    },

    async hasAdmin(): Promise<boolean> {
      return (await members.countAdmins(db)) > 0;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
