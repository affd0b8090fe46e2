import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { authTokens, emailVerificationCodes, sessions } from '../../db/schema.ts';
import { publishSessionsEnded } from '../live/index.ts';

export type TokenPurpose = 'password_reset' | 'one_time_login';

/**
 * Serialises making admins until the transaction ends: instances starting together on a fresh database each make
 * the first admin, and without the lock all but one failed on the e-mail's unique index and stopped.
 */
export async function lockAdminCreation(tx: Executor): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('intergen.admins'))`);
}

// Sessions

export async function insertSession(ex: Executor, row: typeof sessions.$inferInsert): Promise<void> {
  await ex.insert(sessions).values(row);
}

export async function extendSession(ex: Executor, id: string, expiresAt: Date): Promise<void> {
  await ex.update(sessions).set({ lastSeenAt: new Date(), expiresAt }).where(eq(sessions.id, id));
}

/** Whether the session put off the annual confirmation (false for an unknown session). */
export async function isAnnualConfirmationPostponed(ex: Executor, id: string): Promise<boolean> {
  const rows = await ex
    .select({ postponed: sessions.annualConfirmationPostponed })
    .from(sessions)
    .where(eq(sessions.id, id));
  return rows[0]?.postponed ?? false;
}

export async function postponeAnnualConfirmation(ex: Executor, id: string): Promise<void> {
  await ex.update(sessions).set({ annualConfirmationPostponed: true }).where(eq(sessions.id, id));
}

/** Ends a session; its open live streams (on any instance) close when the transaction commits. */
export async function deleteSession(ex: Executor, id: string): Promise<void> {
  const gone = await ex.delete(sessions).where(eq(sessions.id, id)).returning({ id: sessions.id });
  await publishSessionsEnded(
    ex,
    gone.map((s) => s.id),
  );
}

/**
 * Ends every session of a user, or every one but `exceptId`; their open live streams (on any instance) close
 * when the transaction commits.
 */
export async function deleteUserSessions(ex: Executor, userId: string, exceptId?: string): Promise<void> {
  const gone = await ex
    .delete(sessions)
    .where(
      exceptId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptId)) : eq(sessions.userId, userId),
    )
    .returning({ id: sessions.id });
  await publishSessionsEnded(
    ex,
    gone.map((s) => s.id),
  );
}

/** Deletes sessions past their expiry (no stream can use them: each ping re-checks its session). */
export async function deleteExpiredSessions(ex: Executor): Promise<number> {
  const gone = await ex
    .delete(sessions)
    .where(lt(sessions.expiresAt, new Date()))
    .returning({ id: sessions.id });
  return gone.length;
}

/** Deletes sign-in and reset tokens past their expiry. */
export async function deleteExpiredTokens(ex: Executor): Promise<number> {
  const gone = await ex
    .delete(authTokens)
    .where(lt(authTokens.expiresAt, new Date()))
    .returning({ hash: authTokens.tokenHash });
  return gone.length;
}

// Single-use tokens

export async function insertToken(ex: Executor, row: typeof authTokens.$inferInsert): Promise<void> {
  await ex.insert(authTokens).values(row);
}

export async function deleteUserTokens(ex: Executor, userId: string, purpose: TokenPurpose): Promise<void> {
  await ex.delete(authTokens).where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose)));
}

/**
 * Takes a token out of the table in one statement: of any number of concurrent callers, exactly one gets
 * the row. Expired tokens are consumed too, and reported as null.
 */
export async function consumeToken(ex: Executor, tokenHash: string, purpose: TokenPurpose) {
  const rows = await ex
    .delete(authTokens)
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.purpose, purpose)))
    .returning();
  const row = rows[0];
  return row && row.expiresAt.getTime() > Date.now() ? row : null;
}

export async function findToken(ex: Executor, tokenHash: string, purpose: TokenPurpose) {
  const rows = await ex
    .select()
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.purpose, purpose),
        gt(authTokens.expiresAt, new Date()),
      ),
    );
  return rows[0] ?? null;
}

// E-mail verification codes

/** Stores a user's new code, replacing (and so voiding) any previous one. */
export async function replaceVerificationCode(
  ex: Executor,
  row: { userId: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  await ex
    .insert(emailVerificationCodes)
    .values({ ...row, attempts: 0 })
    .onConflictDoUpdate({
      target: emailVerificationCodes.userId,
      set: { codeHash: row.codeHash, expiresAt: row.expiresAt, attempts: 0, createdAt: new Date() },
    });
}

/** Reads the code row locked for the rest of the transaction, so concurrent tries are counted one by one. */
export async function findVerificationCodeForUpdate(ex: Executor, userId: string) {
  const rows = await ex
    .select()
    .from(emailVerificationCodes)
    .where(eq(emailVerificationCodes.userId, userId))
    .for('update');
  return rows[0] ?? null;
}

export async function setVerificationAttempts(ex: Executor, userId: string, attempts: number): Promise<void> {
  await ex.update(emailVerificationCodes).set({ attempts }).where(eq(emailVerificationCodes.userId, userId));
}

export async function deleteVerificationCode(ex: Executor, userId: string): Promise<void> {
  await ex.delete(emailVerificationCodes).where(eq(emailVerificationCodes.userId, userId));
}

/** When the member last signed in (their newest session), or null: the CRM contact's "last login". */
export async function lastSignInAt(ex: Executor, userId: string): Promise<Date | null> {
  const [row] = await ex
    .select({ at: sql<Date | string | null>`max(${sessions.createdAt})` })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return row?.at ? new Date(row.at) : null;
}
