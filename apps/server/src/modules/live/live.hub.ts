import { type LiveTopic, liveTopics } from '@intergen/contracts';
import { messages } from '@intergen/domain';
import { z } from 'zod';
import type { Database, Unlisten } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { safeErrorMessage } from '../../lib/logging.ts';
import { LIVE_CHANNEL } from './live.ts';

/** What a NOTIFY on `LIVE_CHANNEL` must carry (a change, or ended sessions); anything else is ignored (and logged). */
const LiveMessageSchema = z.union([
  z.object({ userIds: z.array(z.string()), topics: z.array(z.enum(liveTopics)) }),
  z.object({ endedSessions: z.array(z.string()) }),
]);

/** Streams one session may hold open on one instance (tabs of one browser); one more answers 429. */
export const MAX_STREAMS_PER_SESSION = 5;

/** One open stream: where its changes go, and how the hub ends it when the app shuts down. */
export interface LiveSubscriber {
  deliver(topics: LiveTopic[]): void;
  close(): void;
}

export interface LiveHubDeps {
  database: Database;
  log: { warn(obj: object, msg?: string): void; info(obj: object, msg?: string): void };
}

/**
 * The process's one listener on `LIVE_CHANNEL`, fanning each message out to the open streams of the users it
 * names. It starts listening with the first stream (a worker-only process never opens the connection) and
 * keeps listening until `stop`. After the database connection was lost and re-opened, every stream is told
 * that everything may have changed, since notifications sent meanwhile are gone.
 */
export function createLiveHub(deps: LiveHubDeps) {
  const { database, log } = deps;
  const byUser = new Map<string, Set<LiveSubscriber>>();
  const bySession = new Map<string, Set<LiveSubscriber>>();
  let listening: Promise<Unlisten> | null = null;
  let stopped = false;

  function each(run: (subscriber: LiveSubscriber) => void) {
    for (const set of byUser.values()) for (const subscriber of [...set]) run(subscriber);
  }

  function dispatch(payload: string) {
    let message: z.infer<typeof LiveMessageSchema>;
    try {
      message = LiveMessageSchema.parse(JSON.parse(payload));
    } catch {
      log.warn({ payload: payload.slice(0, 200) }, 'ignored a malformed live message');
      return;
    }
    if ('endedSessions' in message) {
      // Signed out, disabled, deactivated: the session's streams close now, not at their next ping.
      for (const sessionId of message.endedSessions) {
        for (const subscriber of [...(bySession.get(sessionId) ?? [])]) subscriber.close();
      }
      return;
    }
    for (const userId of message.userIds) {
      for (const subscriber of [...(byUser.get(userId) ?? [])]) subscriber.deliver(message.topics);
    }
  }

  const add = (map: Map<string, Set<LiveSubscriber>>, key: string, subscriber: LiveSubscriber) => {
    let set = map.get(key);
    if (!set) {
      set = new Set();
      map.set(key, set);
    }
    set.add(subscriber);
  };
  const remove = (map: Map<string, Set<LiveSubscriber>>, key: string, subscriber: LiveSubscriber) => {
    const set = map.get(key);
    if (!set) return;
    set.delete(subscriber);
    if (set.size === 0) map.delete(key);
  };

  function ensureListening(): Promise<Unlisten> {
    if (!listening) {
      const started = database.listen(LIVE_CHANNEL, dispatch, {
        onReconnect: () => {
          log.info({ channel: LIVE_CHANNEL }, 'live listener reconnected');
          each((s) => s.deliver([...liveTopics]));
        },
        onError: (error) =>
          log.warn({ err: safeErrorMessage(error) }, 'live listener connection lost; retrying'),
      });
      listening = started;
      // A failed start is retried by the next stream rather than remembered.
      started.catch(() => {
        if (listening === started) listening = null;
      });
    }
    return listening;
  }

  return {
    /**
     * Registers a stream of `userId` under its session (the SHA-256 id of the cookie token). Resolves once this
     * process listens, so a change committed after it resolves reaches the stream; the returned function
     * unregisters it. A session that already holds `MAX_STREAMS_PER_SESSION` streams here is refused (429).
     */
    async subscribe(
      owner: { userId: string; sessionId: string },
      subscriber: LiveSubscriber,
    ): Promise<() => void> {
      if (stopped) throw new Error('The live hub is stopped');
      await ensureListening();
      if (stopped) throw new Error('The live hub is stopped');
      if ((bySession.get(owner.sessionId)?.size ?? 0) >= MAX_STREAMS_PER_SESSION) {
        throw new AppError('TOO_MANY_STREAMS', messages.tooManyLiveStreams, undefined, 30);
      }
      add(byUser, owner.userId, subscriber);
      add(bySession, owner.sessionId, subscriber);
      return () => {
        remove(byUser, owner.userId, subscriber);
        remove(bySession, owner.sessionId, subscriber);
      };
    },

    /** How many streams are open (all users). */
    get size(): number {
      let n = 0;
      for (const set of byUser.values()) n += set.size;
      return n;
    },

    /** Ends every open stream and stops listening; the app's close runs it so the process can exit. */
    async stop(): Promise<void> {
      stopped = true;
      each((s) => s.close());
      byUser.clear();
      bySession.clear();
      const started = listening;
      listening = null;
      const unlisten = await started?.catch(() => null);
      await unlisten?.();
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
