import type { OwnProfile } from '@intergen/contracts';
import { profileTexts } from '@intergen/domain';
import { AppError } from '../../lib/errors.ts';
import { updateProfileRow } from '../members/index.ts';
import { event, locked, type ProfilesContext, reload } from './profiles.context.ts';
import { toOwnProfile } from './profiles.model.ts';

/** Sets an expert's profile private (hidden from the community) or public. */
export async function setPrivacy(
  ctx: ProfilesContext,
  userId: string,
  makePrivate: boolean,
): Promise<OwnProfile> {
  return ctx.db.transaction(async (tx) => {
    const p = await locked(tx, userId);
    if (p.kind !== 'expert') throw new AppError('FORBIDDEN', profileTexts.onlyExperts);
    if (p.private === makePrivate) return toOwnProfile(p);
    await updateProfileRow(tx, p.kind, p.id, { private: makePrivate });
    await event(ctx, tx, 'profile.privacy_changed', p, { private: makePrivate });
    return reload(tx, userId);
  });
}
