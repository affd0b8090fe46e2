import { adminLiveTopics } from '@intergen/contracts';
import type { Executor } from '../../db/client.ts';
import { deleteRateLimitSubjects } from '../../http/rate-limit-store.ts';
import { purgeOutboxRowsNaming } from '../../outbox/purge.ts';
import { snapshotMemberAnalytics } from '../admin/index.ts';
import { purgeMemberAuth } from '../auth/index.ts';
import { purgeMemberRequests } from '../connections/index.ts';
import { anonymiseDeletionEvent, purgeMemberEvents } from '../events/index.ts';
import { publishAdminLive, publishLive } from '../live/index.ts';
import { purgeMemberMail } from '../mail/index.ts';
import { purgeMemberMatching } from '../matching/index.ts';
import { findProfile, purgeMemberRecords, type UserRow } from '../members/index.ts';
import { purgeMemberNetwork } from '../network/index.ts';
import { purgeMemberNotifications } from '../notifications/index.ts';
import { purgeMemberTracking } from '../tracking/index.ts';
import type { AccountsContext } from './accounts.context.ts';

/** Members told per live message: a NOTIFY payload stays well under PostgreSQL's 8000 bytes. */
const LIVE_BATCH = 100;

/** Every uploaded picture the profile names (its own, and one held with unapplied edits). */
async function pictureUrls(tx: Executor, userId: string): Promise<string[]> {
  const p = await findProfile(tx, userId);
  if (!p) return [];
  const held = (p.tempData as { profileImage?: { url?: string } | null } | null)?.profileImage?.url;
  return [p.data.profileImage?.url, held].filter((url): url is string => typeof url === 'string');
}

/**
 * The cascade of a deleted account (spec 000 §4, DESIGN.md §4), in the caller's transaction: each owning module
 * deletes its rows about the member — sessions and links (their streams close on commit), requests, My Network,
 * notifications (theirs and others' about them), suggestions and scores, tracking events, mail to them, their
 * domain events and outbox rows, rate-limit counters — then the member's own records go, what the analytics
 * counted of them is kept as anonymous counts, `member.deleted` is published for the CRM, and every member who
 * had a tie to them is told to refresh. Returns the pictures to remove once the transaction has committed.
 */
export async function purgeMember(
  ctx: AccountsContext,
  tx: Executor,
  user: UserRow,
  by: string | null,
): Promise<string[]> {
  const pictures = await pictureUrls(tx, user.id);
  const analytics = await snapshotMemberAnalytics(tx, user.id);
  await purgeMemberAuth(tx, user.id);
  const requests = await purgeMemberRequests(tx, user.id);
  const network = await purgeMemberNetwork(tx, user.id);
  const notified = await purgeMemberNotifications(tx, user.id);
  const suggested = await purgeMemberMatching(tx, user.id);
  await purgeMemberTracking(tx, user.id);
  await purgeMemberMail(tx, user);
  await purgeMemberEvents(tx, user.id);
  await purgeOutboxRowsNaming(tx, [user.id, user.email]);
  await deleteRateLimitSubjects(tx, ctx.deps.rateLimitSubjects(user.email, user.id));
  await purgeMemberRecords(tx, user.id);
  await analytics.retain(tx);
  const tombstone = await ctx.deps.publishEvent(tx, {
    type: 'member.deleted',
    userId: user.id,
    payload: { memberId: user.id, kind: user.kind ?? null, ...(by ? { by } : {}) },
  });
  // The CRM's delivery holds the id until it is done; the event row keeps none of it.
  await anonymiseDeletionEvent(tx, tombstone);
  const others = [...new Set([...requests, ...network, ...notified, ...suggested])];
  for (let i = 0; i < others.length; i += LIVE_BATCH) {
    const batch = others.slice(i, i + LIVE_BATCH);
    await publishLive(tx, batch, ['suggestions', 'connections', 'notifications', 'network']);
  }
  await publishAdminLive(tx, adminLiveTopics);
  return pictures;
}

/** Removes a deleted member's picture files (after the commit: a rollback must not lose a member's picture). */
export async function removePictures(ctx: AccountsContext, urls: readonly string[]): Promise<void> {
  for (const url of urls) {
    try {
      await ctx.deps.images.remove(url);
    } catch (error) {
      ctx.warn({ err: error, url }, 'could not remove a deleted member’s picture');
    }
  }
}
