import { bindContext } from '../../lib/use-case.ts';
import { type LiveHubDeps, liveHubContext } from './live.context.ts';
import { countStreams, stopHub, subscribeStream } from './streams.ts';

export type { LiveHubDeps, LiveSubscriber } from './live.context.ts';
export { MAX_STREAMS_PER_SESSION } from './streams.ts';

/**
 * The process's one listener on `LIVE_CHANNEL`, fanning each message out to the open streams of the users it
 * names. It starts listening with the first stream (a worker-only process never opens the connection) and
 * keeps listening until `stop`. After the database connection was lost and re-opened, every stream is told
 * that everything may have changed, since notifications sent meanwhile are gone.
 */
export function createLiveHub(deps: LiveHubDeps) {
  const ctx = liveHubContext(deps);
  const use = bindContext(ctx);
  return {
    /** Registers a stream under its user and session (streams.ts). */
    subscribe: use(subscribeStream),

    /** How many streams are open (all users). */
    get size(): number {
      return countStreams(ctx);
    },

    /** Ends every open stream and stops listening (streams.ts). */
    stop: use(stopHub),
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
