import type { OwnProfile } from '@intergen/contracts';
import { findProfile } from '../members/index.ts';
import { event, locked, notFound, type ProfilesContext, reload, writeData } from './profiles.context.ts';
import { encodeProfileImage } from './profiles.images.ts';

/**
 * Replaces the profile picture with an uploaded one: checked by content, re-encoded to 400×400 JPEG and
 * stored; the previous upload is deleted once the change has committed (default avatars never are).
 */
export async function setProfileImage(
  ctx: ProfilesContext,
  userId: string,
  upload: { bytes: Buffer; fileName: string },
): Promise<OwnProfile> {
  const { db, warn } = ctx;
  const { images } = ctx.deps;
  if (!(await findProfile(db, userId))) throw notFound();
  const encoded = await encodeProfileImage(upload.bytes);
  const image = await images.save(encoded, upload.fileName);
  let previous: string | null = null;
  let result: OwnProfile;
  try {
    result = await db.transaction(async (tx) => {
      const p = await locked(tx, userId);
      previous = p.data.profileImage?.url ?? null;
      await writeData(tx, p, { profileImage: image });
      await event(ctx, tx, 'profile.updated', p, { fields: ['profileImage'] });
      return reload(tx, userId);
    });
  } catch (error) {
    await images.remove(image.url).catch(() => {});
    throw error;
  }
  if (previous && previous !== image.url) {
    await images.remove(previous).catch((err: unknown) => warn({ err }, 'old profile image not deleted'));
  }
  return result;
}
