import type { LiveTopic } from '@intergen/contracts';
import type { Database, Unlisten } from '../../db/client.ts';

/** One open stream: where its changes go, and how the hub ends it when the app shuts down. */
export interface LiveSubscriber {
  deliver(topics: LiveTopic[]): void;
  close(): void;
}

export interface LiveHubDeps {
  database: Database;
  log: { warn(obj: object, msg?: string): void; info(obj: object, msg?: string): void };
  /**
   * Called with the members a live message names before their streams are told: what this instance kept of their
   * lists is dropped first, so the reads a stream's message sets off never meet a list from before the change.
   */
  beforeDeliver?: (userIds: readonly string[]) => void;
}

/** Open streams by a key (a user id or a session id). */
type StreamsBy = Map<string, Set<LiveSubscriber>>;

/** The hub's state: the open streams by user and by session, admins' streams, and its one listener once started. */
export interface LiveHubContext extends LiveHubDeps {
  byUser: StreamsBy;
  bySession: StreamsBy;
  /** The streams of admins (their user was an admin when the stream opened): they hear admin topics too. */
  admins: Set<LiveSubscriber>;
  listening: Promise<Unlisten> | null;
  stopped: boolean;
}

/** A hub with no stream and no listener yet. */
export function liveHubContext(deps: LiveHubDeps): LiveHubContext {
  return {
    ...deps,
    byUser: new Map(),
    bySession: new Map(),
    admins: new Set(),
    listening: null,
    stopped: false,
  };
}

/** Runs `run` for every open stream (over a copy: `run` may end it). */
export function eachSubscriber(ctx: LiveHubContext, run: (subscriber: LiveSubscriber) => void) {
  for (const set of ctx.byUser.values()) for (const subscriber of [...set]) run(subscriber);
}

/** Adds a stream under `key`. */
export const addSubscriber = (map: StreamsBy, key: string, subscriber: LiveSubscriber) => {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(subscriber);
};

/** Removes a stream from under `key`, and the key once it holds none. */
export const removeSubscriber = (map: StreamsBy, key: string, subscriber: LiveSubscriber) => {
  const set = map.get(key);
  if (!set) return;
  set.delete(subscriber);
  if (set.size === 0) map.delete(key);
};
