import type { AdminProfileRow, OwnProfile } from '@intergen/contracts';
import { completion, type ProfileStatus, type ProfileType } from '@intergen/domain';
import { findProfile, listProfiles, statusOf, withPending } from '../members/index.ts';
import { notFound, type ProfilesContext } from './profiles.context.ts';
import { toOwnProfile } from './profiles.model.ts';

/** Profiles for the admin list, optionally of one kind and status: experts awaiting approval first. */
export async function listForAdmin(
  ctx: ProfilesContext,
  filter: { kind?: ProfileType | undefined; status?: ProfileStatus | undefined },
) {
  const rows: (AdminProfileRow & { createdAt: number; awaiting: boolean })[] = (
    await listProfiles(ctx.db, filter.kind)
  ).map((p) => {
    const status = statusOf(p);
    return {
      id: p.id,
      kind: p.kind,
      name: p.name,
      email: p.email,
      status,
      completion: completion(p.kind, withPending(p)).overall,
      isVerified: p.isVerified,
      emailVerified: p.emailVerified,
      updatedAt: p.updatedAt.getTime(),
      createdAt: p.createdAt.getTime(),
      awaiting: p.kind === 'expert' && status === 'pending',
    };
  });
  return rows
    .filter((r) => !filter.status || r.status === filter.status)
    .sort((a, b) => Number(b.awaiting) - Number(a.awaiting) || b.createdAt - a.createdAt)
    .map(({ createdAt: _c, awaiting: _a, ...row }) => row);
}

/** Any profile in the owner's full shape, for admins. */
export async function getForAdmin(ctx: ProfilesContext, profileId: string): Promise<OwnProfile> {
  const p = await findProfile(ctx.db, profileId);
  if (!p) throw notFound();
  return toOwnProfile(p);
}
