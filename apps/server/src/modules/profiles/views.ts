import { type OwnProfile, OwnProfileResponseSchema, type ProfileView } from '@intergen/contracts';
import { z } from 'zod';
import type { Caller } from '../../http/caller.ts';
import { keptAnswers } from '../../lib/kept-answers.ts';
import {
  accessTo,
  findProfile,
  type MemberRows,
  type ProfileOwner,
  storedProfileOf,
} from '../members/index.ts';
import { notFound, type ProfilesContext } from './profiles.context.ts';
import { toOwnProfile, toProfileView } from './profiles.model.ts';

/**
 * The signed-in member's own profile with completion, status and pending edits; `who` is the member's id, or
 * their account as the session lookup read it (the account is not read again); `known`, their rows as the
 * session lookup read them (nothing is read again).
 */
export async function getOwnProfile(
  ctx: ProfilesContext,
  who: string | ProfileOwner,
  known?: MemberRows,
): Promise<OwnProfile> {
  const id = typeof who === 'string' ? who : who.id;
  const p = known && known.user.id === id ? storedProfileOf(known) : await findProfile(ctx.db, who);
  if (!p) throw notFound();
  return toOwnProfile(p);
}

const DAY_MS = 86_400_000;
const ownAnswers = keptAnswers<MemberRows>();

/**
 * The JSON answer of `GET /api/profiles/me` from the member's rows as the session lookup read them, made once for
 * those rows (lib/kept-answers.ts): the completion, the field rules, the response's check and the JSON. A published
 * company is asked for its figures a year after its last update (`needsAnnualConfirmation`), so an answer saying it
 * is not due is kept only until 364 days after the update. Null when the rows hold no profile.
 */
export function ownProfileAnswer(_ctx: ProfilesContext, known: MemberRows, now = Date.now()): string | null {
  return ownAnswers(known, '', now, () => {
    const p = storedProfileOf(known);
    if (!p) return null;
    const profile = toOwnProfile(p, new Date(now));
    const fallsDue = p.kind === 'company' && p.profilePublished && !profile.needsAnnualConfirmation;
    return {
      json: JSON.stringify(z.encode(OwnProfileResponseSchema, { profile })),
      until: fallsDue ? p.updatedAt.getTime() + 364 * DAY_MS : Number.POSITIVE_INFINITY,
    };
  });
}

/**
 * Another member's (or one's own, or an admin's) view of a profile, as the read-access rules allow (domain
 * read-access.ts): a caller who may read no member gets 403; an unreadable and an unknown profile answer the
 * same not-found, so existence is never revealed; contact details only to connected parties.
 */
export async function viewProfile(
  ctx: ProfilesContext,
  caller: Caller,
  profileId: string,
): Promise<ProfileView> {
  const { db, deps } = ctx;
  const communityTab = await deps.settings.communityTab(db);
  const { access } = await accessTo(db, caller, profileId, communityTab, deps.relationshipOf);
  if (access === 'none') throw notFound();
  const p = await findProfile(db, profileId);
  if (!p) throw notFound();
  return toProfileView(p, caller.id, access === 'contact' || access === 'full');
}
