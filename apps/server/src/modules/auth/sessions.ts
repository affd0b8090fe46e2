import { SessionResponseSchema, type SessionUser } from '@intergen/contracts';
import { limits, messages, normalizeEmail } from '@intergen/domain';
import { z } from 'zod';
import { hashToken, passwordHasher, verifyPassword } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { keptAnswers } from '../../lib/kept-answers.ts';
import * as members from '../members/index.ts';
import {
  type AuthContext,
  type ClientInfo,
  type IssuedSession,
  issueSession,
  refusal,
  refusalOf,
  sessionUserOf,
  toSessionUser,
} from './auth.context.ts';
import * as repo from './auth.repository.ts';
import { readLiveSession } from './session.read-model.ts';

/** The client's view of a user: identity, kind, role, the profile status that routes them, session flags. */
export function describeUser(
  { db }: AuthContext,
  user: members.UserRow,
  sessionToken?: string | null,
  /** The session's annual-confirmation flag, when the session lookup read it. */
  annualConfirmationPostponed?: boolean,
  /** The user's rows, when the session lookup read them (the profile is not read again). */
  member?: members.MemberRows,
): Promise<SessionUser> {
  return toSessionUser(db, user, sessionToken, annualConfirmationPostponed, member);
}

const sessionAnswers = keptAnswers<members.MemberRows>();

/**
 * The JSON answer of `GET /api/auth/session` for a session its lookup read with the user's rows, made once for
 * those rows and the session's annual-confirmation flag (lib/kept-answers.ts). Null when the rows are another's.
 */
export function sessionAnswer(
  _ctx: AuthContext,
  user: members.UserRow,
  member: members.MemberRows,
  annualConfirmationPostponed: boolean,
): string | null {
  if (member.user !== user) return null;
  return sessionAnswers(member, String(annualConfirmationPostponed), 0, () => ({
    json: JSON.stringify(
      z.encode(SessionResponseSchema, {
        user: sessionUserOf(user, members.storedProfileOf(member), annualConfirmationPostponed),
      }),
    ),
    until: Number.POSITIVE_INFINITY,
  }));
}

/** `Maybe later` on the annual confirmation: this session is not asked again (the next sign-in is). */
export async function postponeAnnualConfirmation(
  { db }: AuthContext,
  user: members.UserRow,
  sessionToken: string,
): Promise<SessionUser> {
  await repo.postponeAnnualConfirmation(db, hashToken(sessionToken));
  return toSessionUser(db, user, sessionToken);
}

/** Signs in with e-mail and password, replacing any session the browser held (rotation). */
export async function signIn(
  { db }: AuthContext,
  input: { email: string; password: string },
  client: ClientInfo,
  previousToken?: string,
): Promise<{ user: SessionUser; session: IssuedSession }> {
  const user = await members.findUserByEmail(db, normalizeEmail(input.email));
  if (!user?.passwordHash) {
    await passwordHasher.verifyNothing(input.password, { client: client.ip });
    throw new AppError('INVALID_CREDENTIALS', messages.invalidCredentials);
  }
  if (!(await verifyPassword(input.password, user.passwordHash, { client: client.ip }))) {
    throw new AppError('INVALID_CREDENTIALS', messages.invalidCredentials);
  }
  const refused = await refusal(db, user);
  if (refused) throw refused;
  return db.transaction(async (tx) => ({
    session: await issueSession(tx, user.id, client, previousToken),
    user: await toSessionUser(tx, user),
  }));
}

/** Ends the session the cookie names. */
export async function signOut({ db }: AuthContext, token: string): Promise<void> {
  await repo.deleteSession(db, hashToken(token));
}

/**
 * Ends every session of the member, on every instance: the deletion's trigger drops them from each instance's
 * session cache and their live streams close (auth.repository's `deleteUserSessions`).
 */
export async function signOutEverywhere({ db }: AuthContext, userId: string): Promise<void> {
  await repo.deleteUserSessions(db, userId);
}

/** A session's expiry slides forward when it was last seen longer ago than this (written at most once a day). */
const slideAfterMs = 24 * 60 * 60 * 1000;

/** A resolved session: its user, what the lookup read of the member, and a new expiry for the cookie, if any. */
export interface ResolvedSession {
  user: members.UserRow;
  /** The user's account, profile and contact rows as this lookup read them. */
  member: members.MemberRows;
  sessionId: string;
  extendedUntil: Date | null;
  annualConfirmationPostponed: boolean;
}

/**
 * Resolves a session cookie to its user, in one round trip (the live session, its user, whether the user's
 * profile is deactivated, and the user's profile and contact rows for the request's own use), or in none when
 * this instance kept it (sessions.cache.ts). A session of an account that lost its login or was deactivated is
 * deleted on sight, so such a user is signed out at once.
 */
export async function resolveSession(
  { db, sessionCache }: AuthContext,
  token: string,
): Promise<ResolvedSession | null> {
  const sessionId = hashToken(token);
  const kept = sessionCache?.get(sessionId, slideAfterMs);
  if (kept) {
    const { user, member, annualConfirmationPostponed } = kept;
    return { user, member, sessionId, extendedUntil: null, annualConfirmationPostponed };
  }
  const started = sessionCache?.begin() ?? null;
  const found = await readLiveSession(db, sessionId);
  if (!found) return null;
  const { user } = found;
  if (refusalOf(user, found.deactivated)) {
    await repo.deleteUserSessions(db, user.id);
    return null;
  }
  // Sliding expiry, written at most once a day per session; the caller renews the cookie with it.
  let extendedUntil: Date | null = null;
  if (Date.now() - found.lastSeenAt.getTime() > slideAfterMs) {
    extendedUntil = new Date(Date.now() + limits.sessionTtlMs);
    await repo.extendSession(db, sessionId, extendedUntil);
  } else {
    // (An extended session is kept at its next lookup: its change is being announced.)
    sessionCache?.keep(started, sessionId, {
      user,
      member: found.member,
      annualConfirmationPostponed: found.annualConfirmationPostponed,
      lastSeenAt: found.lastSeenAt,
      expiresAt: found.expiresAt,
    });
  }
  return {
    user,
    member: found.member,
    sessionId,
    extendedUntil,
    annualConfirmationPostponed: found.annualConfirmationPostponed,
  };
}

/** Housekeeping: deletes expired sessions and expired sign-in and reset tokens. */
export async function pruneExpired({ db }: AuthContext): Promise<{ sessions: number; tokens: number }> {
  return {
    sessions: await repo.deleteExpiredSessions(db),
    tokens: await repo.deleteExpiredTokens(db),
  };
}
