import { messages } from '@intergen/domain';
import { AppError } from '../../lib/errors.ts';
import { ensureListening } from './listener.ts';
import {
  addSubscriber,
  eachSubscriber,
  type LiveHubContext,
  type LiveSubscriber,
  removeSubscriber,
} from './live.context.ts';

/** Streams one session may hold open on one instance (tabs of one browser); one more answers 429. */
export const MAX_STREAMS_PER_SESSION = 5;
/**
 * Streams one member may hold open on one instance, all sessions together (a few browsers' tabs): signing in
 * again and again cannot open streams without end. One more answers 429.
 */
export const MAX_STREAMS_PER_MEMBER = 10;

/**
 * Registers a stream of `userId` under its session (the SHA-256 id of the cookie token), and among admins'
 * streams when `isAdmin` (it then hears admin topics). Resolves once this
 * process listens, so a change committed after it resolves reaches the stream; the returned function
 * unregisters it. A session that already holds `MAX_STREAMS_PER_SESSION` streams here, or a member who holds
 * `MAX_STREAMS_PER_MEMBER`, is refused (429).
 */
export async function subscribeStream(
  ctx: LiveHubContext,
  owner: { userId: string; sessionId: string; isAdmin?: boolean },
  subscriber: LiveSubscriber,
): Promise<() => void> {
  const { byUser, bySession, admins } = ctx;
  if (ctx.stopped) throw new Error('The live hub is stopped');
  await ensureListening(ctx);
  if (ctx.stopped) throw new Error('The live hub is stopped');
  if ((bySession.get(owner.sessionId)?.size ?? 0) >= MAX_STREAMS_PER_SESSION) {
    throw new AppError('TOO_MANY_STREAMS', messages.tooManyLiveStreams, undefined, 30);
  }
  if ((byUser.get(owner.userId)?.size ?? 0) >= MAX_STREAMS_PER_MEMBER) {
    throw new AppError('TOO_MANY_STREAMS', messages.tooManyLiveStreamsForMember, undefined, 30);
  }
  addSubscriber(byUser, owner.userId, subscriber);
  addSubscriber(bySession, owner.sessionId, subscriber);
  if (owner.isAdmin) admins.add(subscriber);
  return () => {
    removeSubscriber(byUser, owner.userId, subscriber);
    removeSubscriber(bySession, owner.sessionId, subscriber);
    admins.delete(subscriber);
  };
}

/** How many streams are open (all users). */
export function countStreams(ctx: LiveHubContext): number {
  let n = 0;
  for (const set of ctx.byUser.values()) n += set.size;
  return n;
}

/** Ends every open stream and stops listening; the app's close runs it so the process can exit. */
export async function stopHub(ctx: LiveHubContext): Promise<void> {
  ctx.stopped = true;
  eachSubscriber(ctx, (s) => s.close());
  ctx.byUser.clear();
  ctx.bySession.clear();
  ctx.admins.clear();
  const started = ctx.listening;
  ctx.listening = null;
  const unlisten = await started?.catch(() => null);
  await unlisten?.();
}
