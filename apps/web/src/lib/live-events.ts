import { type LiveTopic, liveTopics, memberLiveTopics } from '@intergen/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from './query-keys';
import { useUser } from './session';

/** The server's live stream (Server-Sent Events, DESIGN.md §2). */
const liveEventsUrl = '/api/events';

/** The queries each live topic refreshes (query keys are prefixes: `profiles.all` covers every profile). */
export const liveTopicQueryKeys: Record<LiveTopic, readonly (readonly unknown[])[]> = {
  suggestions: [queryKeys.suggestions],
  // A request accepted or cancelled changes what the other party may read of a profile (contact details).
  connections: [queryKeys.connections, queryKeys.profiles.views],
  notifications: [queryKeys.notifications],
  profile: [queryKeys.profiles.all, queryKeys.session],
  // A network request accepted, declined or cancelled changes what the other expert may read (contact details).
  network: [queryKeys.network.all, queryKeys.profiles.views],
  // Admins only: their read views of every suggestion, request and score, and the members' lists; a member's
  // admin page lists their suggestions and requests as well.
  adminSuggestions: [queryKeys.admin.records.suggestions, queryKeys.admin.profiles.activities],
  adminRequests: [queryKeys.admin.records.requests, queryKeys.admin.profiles.activities],
  adminScores: [queryKeys.admin.records.scores],
  adminMembers: [queryKeys.admin.profiles.lists],
};

/** EventSource's CLOSED state: it gave up (the answer was not a stream, e.g. 401) and will not retry. */
const CLOSED = 2;
/** After the browser gave up, we try again ourselves: 3 s, 6 s, 12 s … at most a minute apart. */
const retryDelayMs = (attempt: number) => Math.min(60_000, 3000 * 2 ** attempt);

const knownTopics: ReadonlySet<string> = new Set(liveTopics);

/**
 * The topics of a `change` event's data (contracts' `LiveChange`: `{ topics: [...] }`), those this app knows;
 * none for anything else. A plain check rather than the contract's schema: it runs on every page, zod does not.
 */
export function changedTopics(data: unknown): LiveTopic[] {
  const topics =
    typeof data === 'object' && data !== null ? (data as { topics?: unknown }).topics : undefined;
  if (!Array.isArray(topics)) return [];
  return topics.filter((topic): topic is LiveTopic => typeof topic === 'string' && knownTopics.has(topic));
}

function invalidate(queryClient: QueryClient, topics: readonly LiveTopic[]) {
  for (const topic of topics) {
    for (const queryKey of liveTopicQueryKeys[topic]) void queryClient.invalidateQueries({ queryKey });
  }
}

/**
 * Keeps the signed-in person's views live: opens the event stream and, on each `change`, refetches the
 * queries of its topics. The browser reconnects a dropped stream by itself; every reconnect refetches all
 * topics, since changes made meanwhile were not heard. If the browser gives up (the session ended, the
 * server refused), the session is re-read — signing out closes the stream — and the stream is retried
 * with backoff. Mounted once, in the app layout.
 */
export function useLiveEvents(): void {
  const user = useUser();
  const userId = user?.id ?? null;
  // Admins' streams also carry the admin topics; a member's never do.
  const allTopics = user?.isAdmin ? liveTopics : memberLiveTopics;
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | null = null;
    let attempts = 0;
    let heardBefore = false;

    const connect = () => {
      const current = new EventSource(liveEventsUrl);
      source = current;
      current.addEventListener('open', () => {
        if (heardBefore) invalidate(queryClient, allTopics);
        heardBefore = true;
        attempts = 0;
      });
      current.addEventListener('change', (event) => {
        let data: unknown;
        try {
          data = JSON.parse((event as MessageEvent<string>).data);
        } catch {
          return;
        }
        const topics = changedTopics(data);
        if (topics.length > 0) invalidate(queryClient, topics);
      });
      current.addEventListener('error', () => {
        if (current.readyState !== CLOSED || source !== current) return;
        current.close();
        void queryClient.invalidateQueries({ queryKey: queryKeys.session });
        retryTimer = setTimeout(connect, retryDelayMs(attempts));
        attempts += 1;
      });
    };

    connect();
    return () => {
      if (retryTimer) clearTimeout(retryTimer);
      source?.close();
      source = null;
    };
  }, [userId, queryClient, allTopics]);
}
