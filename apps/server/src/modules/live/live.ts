import type { AdminLiveTopic, LiveTopic } from '@intergen/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/** The PostgreSQL channel that carries live changes to every app instance (DESIGN.md §2). */
export const LIVE_CHANNEL = 'intergen_live';

/** What one NOTIFY on `LIVE_CHANNEL` carries: which members' views changed, and which parts of them. */
export interface LiveMessage {
  userIds: string[];
  topics: LiveTopic[];
}

/**
 * Tells the members' open browsers that `topics` changed. Called inside the transaction of the change:
 * PostgreSQL (and PGlite) deliver a NOTIFY only when its transaction commits, so a rolled-back change
 * pushes nothing and a pushed change is always visible to the refetch it causes.
 */
export async function publishLive(ex: Executor, userIds: readonly string[], topics: readonly LiveTopic[]) {
  if (userIds.length === 0 || topics.length === 0) return;
  const message: LiveMessage = { userIds: [...new Set(userIds)], topics: [...new Set(topics)] };
  await ex.execute(sql`SELECT pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(message)})`);
}

/** What one NOTIFY on `LIVE_CHANNEL` carries for admins: which of their read views changed. */
export interface AdminLiveMessage {
  admins: true;
  topics: AdminLiveTopic[];
}

/**
 * Tells every admin's open browsers (on every instance) that `topics` changed: a suggestion, a request or a
 * score, whoever's it is. Called once in the transaction of the change, like `publishLive`; the same message
 * sent twice in one transaction is delivered once (PostgreSQL folds identical notifications).
 */
export async function publishAdminLive(ex: Executor, topics: readonly AdminLiveTopic[]) {
  if (topics.length === 0) return;
  const message: AdminLiveMessage = { admins: true, topics: [...new Set(topics)] };
  await ex.execute(sql`SELECT pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(message)})`);
}

/** What one NOTIFY on `LIVE_CHANNEL` carries when sessions end: their ids (SHA-256 of the cookie token). */
export interface SessionsEndedMessage {
  endedSessions: string[];
}

/** Session ids per NOTIFY, well inside PostgreSQL's 8000-byte payload limit (an id is 43 characters). */
const SESSIONS_PER_NOTIFY = 100;

/**
 * Tells every app instance that these sessions ended (sign-out, disable, deactivation, a password change), in
 * the transaction that deletes them: on commit, each instance closes their open live streams at once.
 */
export async function publishSessionsEnded(ex: Executor, sessionIds: readonly string[]) {
  for (let i = 0; i < sessionIds.length; i += SESSIONS_PER_NOTIFY) {
    const message: SessionsEndedMessage = { endedSessions: sessionIds.slice(i, i + SESSIONS_PER_NOTIFY) };
    await ex.execute(sql`SELECT pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(message)})`);
  }
}
