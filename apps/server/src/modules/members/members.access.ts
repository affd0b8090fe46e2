import {
  type AccessViewer,
  accessTexts,
  type CommunityList,
  communityLists,
  type MemberRelationship,
  matchingTexts,
  noRelationship,
  type ProfileAccess,
  type ProfileType,
  profileAccess,
  readScope,
} from '@intergen/domain';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Caller } from './caller.ts';
import { findMemberState, type MemberState, memberStateOf } from './state.repository.ts';
import type { MemberRows } from './users.repository.ts';

/**
 * The read-access rules of `@intergen/domain` (read-access.ts) applied to the database: every route that answers
 * another member's data asks here first.
 */

/**
 * The caller as the access rules see them: their profile status read now, or from `known` (the caller's rows as
 * this request's session lookup read them: no round trip; for reads outside a transaction).
 */
export async function accessViewerOf(
  ex: Executor,
  caller: Caller,
  known?: MemberRows,
): Promise<AccessViewer> {
  if (caller.isAdmin) return { isAdmin: true, kind: caller.kind, emailVerified: true, status: null };
  const me =
    known && known.user.id === caller.id ? memberStateOf(known) : await findMemberState(ex, caller.id);
  return {
    isAdmin: false,
    kind: me?.kind ?? null,
    emailVerified: me?.emailVerified ?? false,
    status: me?.status ?? null,
  };
}

const membersLocked = () => new AppError('MEMBERS_LOCKED', accessTexts.membersLocked);

/**
 * The caller may read other members (their suggestions, requests, connections, notifications): verified, and
 * published, or pending (expert), or paused. Anyone else gets 403 MEMBERS_LOCKED.
 */
export async function requireMemberReader(
  ex: Executor,
  caller: Caller,
  known?: MemberRows,
): Promise<AccessViewer> {
  const viewer = await accessViewerOf(ex, caller, known);
  if (readScope(viewer) === 'none') throw membersLocked();
  return viewer;
}

/**
 * Why a verified member may not open the community yet, in words that say what to do: a pending profile waits
 * for approval, a paused one is resumed, anyone else verifies and publishes.
 */
export function communityLockedMessage(status: AccessViewer['status']): string {
  if (status === 'pending') return accessTexts.communityWhilePending;
  if (status === 'paused') return accessTexts.communityWhilePaused;
  return accessTexts.membersLocked;
}

/**
 * A community list (spec 000 §2, 001 §6): it exists only while the community-tab flag is on (else 404); it
 * belongs to the role that has it (`Must be an expert` / `Must be a company`, 403 WRONG_ROLE); it loads only for
 * a verified member whose profile is published — not pending, not paused (403 MEMBERS_LOCKED).
 */
export async function requireCommunityList(
  ex: Executor,
  caller: Caller,
  list: CommunityList,
  role: ProfileType,
  communityTab: boolean,
): Promise<void> {
  if (!communityTab) throw new AppError('NOT_FOUND', accessTexts.communityOff);
  if (caller.isAdmin || caller.kind !== role) {
    throw new AppError(
      'WRONG_ROLE',
      role === 'expert' ? matchingTexts.mustBeExpert : matchingTexts.mustBeCompany,
    );
  }
  // Read outside a transaction: the caller's rows as the session lookup read them serve (http/caller.ts).
  const viewer = await accessViewerOf(ex, caller, caller.member);
  if (!communityLists(viewer, communityTab).includes(list)) {
    throw new AppError('MEMBERS_LOCKED', communityLockedMessage(viewer.status));
  }
}

/**
 * What ties two members together now (a suggestion between them, an accepted connection), told by the modules
 * that own those records; the app wires it in (app.ts), so this policy depends on none of them.
 */
export type RelationshipSource = (ex: Executor, a: string, b: string) => Promise<MemberRelationship>;

/**
 * The relationship of several sources together (a suggestion or request, a My Network request): shared when any
 * source shares, connected when any connects. Asked one after the other, on the caller's executor.
 */
export function anyRelationship(...sources: RelationshipSource[]): RelationshipSource {
  return async (ex, a, b) => {
    let shared = false;
    for (const source of sources) {
      const r = await source(ex, a, b);
      if (r.connected) return r;
      shared ||= r.shared;
    }
    return { shared, connected: false };
  };
}

/**
 * What the caller may read of member `targetId`, with the target's state (null when there is no such member).
 * A caller who may read no member at all gets 403 MEMBERS_LOCKED before anything about the target is looked at.
 */
export async function accessTo(
  ex: Executor,
  caller: Caller,
  targetId: string,
  communityTab: boolean,
  relationshipOf: RelationshipSource,
): Promise<{ access: ProfileAccess; target: MemberState | null }> {
  const viewer = caller.id === targetId ? null : await requireMemberReader(ex, caller);
  const target = await findMemberState(ex, targetId);
  if (!target?.kind) return { access: 'none', target: null };
  if (!viewer) return { access: 'full', target };
  const relationship = viewer.isAdmin ? noRelationship : await relationshipOf(ex, caller.id, targetId);
  const access = profileAccess({
    viewerId: caller.id,
    viewer,
    target: {
      id: target.id,
      kind: target.kind,
      published: target.published,
      private: target.private,
      gone: target.gone,
    },
    relationship,
    communityTab,
  });
  return { access, target };
}
