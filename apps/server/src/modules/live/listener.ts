import { adminLiveTopics, liveTopics, memberLiveTopics } from '@intergen/contracts';
import { z } from 'zod';
import type { Unlisten } from '../../db/client.ts';
import { safeErrorMessage } from '../../lib/logging.ts';
import { eachSubscriber, type LiveHubContext } from './live.context.ts';
import { LIVE_CHANNEL } from './live.ts';

/** What a NOTIFY on `LIVE_CHANNEL` must carry (a change, or ended sessions); anything else is ignored (and logged). */
const LiveMessageSchema = z.union([
  z.object({ admins: z.literal(true), topics: z.array(z.enum(adminLiveTopics)) }),
  z.object({ userIds: z.array(z.string()), topics: z.array(z.enum(liveTopics)) }),
  z.object({ endedSessions: z.array(z.string()) }),
]);

/**
 * Fans one NOTIFY out: a change to the streams of the users it names (or, for admin topics, to admins' streams),
 * an end to the sessions' streams.
 */
export function dispatchLiveMessage(ctx: LiveHubContext, payload: string) {
  const { log, byUser, bySession, admins } = ctx;
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
  if ('admins' in message) {
    for (const subscriber of [...admins]) subscriber.deliver(message.topics);
    return;
  }
  ctx.beforeDeliver?.(message.userIds);
  for (const userId of message.userIds) {
    for (const subscriber of [...(byUser.get(userId) ?? [])]) subscriber.deliver(message.topics);
  }
}

/**
 * Starts the process's one listener on `LIVE_CHANNEL` unless it is started; resolves once it listens. After a
 * reconnect every stream is told that everything may have changed, since notifications sent meanwhile are gone.
 */
export function ensureListening(ctx: LiveHubContext): Promise<Unlisten> {
  const { database, log } = ctx;
  if (!ctx.listening) {
    const started = database.listen(LIVE_CHANNEL, (payload) => dispatchLiveMessage(ctx, payload), {
      onReconnect: () => {
        log.info({ channel: LIVE_CHANNEL }, 'live listener reconnected');
        eachSubscriber(ctx, (s) => s.deliver(ctx.admins.has(s) ? [...liveTopics] : [...memberLiveTopics]));
      },
      onError: (error) =>
        log.warn({ err: safeErrorMessage(error) }, 'live listener connection lost; retrying'),
    });
    ctx.listening = started;
    // A failed start is retried by the next stream rather than remembered.
    started.catch(() => {
      if (ctx.listening === started) ctx.listening = null;
    });
  }
  return ctx.listening;
}
