import type { OwnProfile } from '@intergen/contracts';
import { findProfile } from '../members/index.ts';
import { event, locked, notFound, type ProfilesContext, reload, writeData } from './profiles.context.ts';
import { encodeProfileImage } from './profiles.images.ts';

/**
 * Replaces the profile picture with an uploaded one: checked by content, re-encoded to 400×400 JPEG and stored in
 * the same transaction as the profile's change, which also deletes the member's pictures the profile no longer
 * names (the replaced one; default avatars are not stored and never are).
 */
export async function setProfileImage(
  ctx: ProfilesContext,
  userId: string,
  upload: { bytes: Buffer; fileName: string },
): Promise<OwnProfile> {
  const { db } = ctx;
  const { images } = ctx.deps;
  if (!(await findProfile(db, userId))) throw notFound();
  const encoded = await encodeProfileImage(upload.bytes);
  return db.transaction(async (tx) => {
    const p = await locked(tx, userId);
    const image = await images.save(tx, userId, encoded, upload.fileName);
    await writeData(tx, p, { profileImage: image });
    // A picture held with unapplied edits stays until those edits are applied or dropped.
    await images.keepOnly(tx, userId, [image.url, p.tempData?.profileImage?.url]);
    await event(ctx, tx, 'profile.updated', p, { fields: ['profileImage'] });
    return reload(tx, userId);
  });
}
