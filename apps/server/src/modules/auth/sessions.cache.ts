import { randomUUID } from 'node:crypto';
import type { Database, Unlisten } from '../../db/client.ts';
import type * as members from '../members/index.ts';

/**
 * Announced by the triggers of migration 0019 at the commit of any change to a session or to what a session
 * lookup reads of its member (the account, the profile row, the contact row): the user ids the statement touched,
 * comma-separated, or `*` for everything. This instance's `settle` barriers travel on it too.
 */
export const sessionsChangedChannel = 'intergen_sessions_changed';

/** A looked-up session as `resolveSession` answers it, with what decides how long it may be kept. */
export interface CachedSession {
  user: members.UserRow;
  member: members.MemberRows;
  annualConfirmationPostponed: boolean;
  lastSeenAt: Date;
  expiresAt: Date;
}

export interface SessionCacheOptions {
  /** An entry is read again after this long, whatever was heard (a bound should a notification be lost). */
  maxAgeMs?: number;
  /** At most this many sessions are kept; the oldest stored go first. */
  maxEntries?: number;
  /** How long `settle` waits for its barrier before it drops everything instead. */
  settleTimeoutMs?: number;
  now?: () => number;
}

/**
 * This instance's looked-up sessions, by session id (the token's hash), each with what the lookup read of its
 * member. Every change to those rows, made by any instance, a job or by hand, is announced on
 * `sessionsChangedChannel` by a trigger, and the entries of the users it names are dropped when it is heard.
 * Entries are used only while the instance is listening: before the listener is up, and while its connection is
 * lost (notifications could be missed), every lookup goes to the database, and what was kept is dropped. A lookup
 * that began before a change was heard is not kept. `settle` makes this instance's own changes take effect here
 * before the request that made them is answered. Sessions past their expiry, or due to slide it, are not answered
 * from here, and no entry is older than `maxAgeMs`.
 */
export function createSessionCache(database: Database, options: SessionCacheOptions = {}) {
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const settleTimeoutMs = options.settleTimeoutMs ?? 2_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { session: CachedSession; storedAt: number }>();
  const byUser = new Map<string, Set<string>>();
  const barriers = new Map<string, () => void>();
  const instance = randomUUID();
  let barrierCount = 0;
  let generation = 0;
  let trusted = false;
  let listening: Promise<Unlisten | null> | null = null;

  const forget = (sessionId: string) => {
    const entry = entries.get(sessionId);
    if (!entry) return;
    entries.delete(sessionId);
    const ids = byUser.get(entry.session.user.id);
    ids?.delete(sessionId);
    if (ids?.size === 0) byUser.delete(entry.session.user.id);
  };
  const dropAll = () => {
    generation++;
    entries.clear();
    byUser.clear();
  };
  const heard = (payload: string) => {
    if (payload.startsWith('barrier:')) return barriers.get(payload)?.();
    if (payload === '*') return dropAll();
    generation++;
    for (const userId of payload.split(',')) {
      for (const sessionId of byUser.get(userId) ?? []) forget(sessionId);
    }
  };
  const untrust = () => {
    trusted = false;
    dropAll();
  };
  const listen = () => {
    listening ??= database
      .listen(sessionsChangedChannel, heard, {
        onReconnect: () => {
          dropAll();
          trusted = true;
        },
        onError: untrust,
      })
      .then(
        (stop) => {
          dropAll();
          trusted = true;
          return stop;
        },
        () => {
          // Not listening: look up every time, and try again at the next lookup.
          listening = null;
          return null;
        },
      );
  };

  return {
    /** The kept session, or null (not kept, expired, due to slide its expiry, too old, or not trusted now). */
    get(sessionId: string, slideAfterMs: number): CachedSession | null {
      listen();
      if (!trusted) return null;
      const entry = entries.get(sessionId);
      if (!entry) return null;
      const t = now();
      const { session } = entry;
      if (
        session.expiresAt.getTime() <= t ||
        t - session.lastSeenAt.getTime() > slideAfterMs ||
        t - entry.storedAt > maxAgeMs
      ) {
        forget(sessionId);
        return null;
      }
      return session;
    },
    /** Marks the start of a lookup in the database; `keep` takes its answer only if nothing was heard since. */
    begin(): number | null {
      listen();
      return trusted ? generation : null;
    },
    /** Keeps a looked-up session (when nothing changed since `begin` and the instance is still listening). */
    keep(started: number | null, sessionId: string, session: CachedSession): void {
      if (started === null || !trusted || started !== generation) return;
      forget(sessionId);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) forget(oldest.value);
      }
      entries.set(sessionId, { session, storedAt: now() });
      const ids = byUser.get(session.user.id) ?? new Set<string>();
      ids.add(sessionId);
      byUser.set(session.user.id, ids);
    },
    /**
     * Resolves once every change committed before it was called has been heard here (a barrier notification on the
     * channel comes back after them: PostgreSQL delivers notifications in commit order). Called before a
     * state-changing request is answered, so the next request on this instance sees what it changed; if the barrier
     * does not come back in time, everything kept is dropped instead.
     */
    async settle(): Promise<void> {
      if (!trusted) return;
      const token = `barrier:${instance}:${++barrierCount}`;
      let timer: NodeJS.Timeout | undefined;
      const back = new Promise<boolean>((resolve) => {
        barriers.set(token, () => resolve(true));
        timer = setTimeout(() => resolve(false), settleTimeoutMs);
      });
      try {
        await database.query('SELECT pg_notify($1, $2)', [sessionsChangedChannel, token]);
        if (!(await back)) dropAll();
      } catch {
        dropAll();
      } finally {
        clearTimeout(timer);
        barriers.delete(token);
      }
    },
    /** How many sessions are kept (tests). */
    get size(): number {
      return entries.size;
    },
    /** Stops listening (the app's close). */
    async stop(): Promise<void> {
      const stop = await listening;
      listening = null;
      untrust();
      await stop?.();
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
