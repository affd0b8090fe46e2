import type { OwnProfile } from '@intergen/contracts';
import { findProfile } from '../members/index.ts';
import { notFound, type ProfilesContext } from './profiles.context.ts';
import { toOwnProfile } from './profiles.model.ts';

/** Any profile in the owner's full shape, for admins. */
export async function getForAdmin(ctx: ProfilesContext, profileId: string): Promise<OwnProfile> {
  const p = await findProfile(ctx.db, profileId);
  if (!p) throw notFound();
  return toOwnProfile(p);
}
