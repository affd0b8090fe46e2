import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { profileImages } from '../../db/schema.ts';

/** A stored picture as the uploads route serves it. */
export interface StoredImage {
  name: string;
  contentType: string;
  bytes: Buffer;
  createdAt: Date;
}

/** Inserts a picture under `name`; false when the name is taken (nothing is written, the transaction goes on). */
export async function insertImage(
  ex: Executor,
  image: { name: string; ownerId: string; contentType: string; bytes: Buffer },
): Promise<boolean> {
  const rows = await ex
    .insert(profileImages)
    .values(image)
    .onConflictDoNothing({ target: profileImages.name })
    .returning({ name: profileImages.name });
  return rows.length > 0;
}

/** The picture stored under `name`, or null. */
export async function findImage(ex: Executor, name: string): Promise<StoredImage | null> {
  const [row] = await ex
    .select({
      name: profileImages.name,
      contentType: profileImages.contentType,
      bytes: profileImages.bytes,
      createdAt: profileImages.createdAt,
    })
    .from(profileImages)
    .where(eq(profileImages.name, name));
  return row ?? null;
}

/** Deletes the pictures stored under `names` (names not stored are ignored). */
export async function deleteImages(ex: Executor, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await ex.delete(profileImages).where(inArray(profileImages.name, [...names]));
}

/** Deletes every picture of the owner but those named in `keep`; returns the names deleted. */
export async function deleteOwnerImagesExcept(
  ex: Executor,
  ownerId: string,
  keep: readonly string[],
): Promise<string[]> {
  const rows = await ex
    .delete(profileImages)
    .where(
      keep.length
        ? and(eq(profileImages.ownerId, ownerId), notInArray(profileImages.name, [...keep]))
        : eq(profileImages.ownerId, ownerId),
    )
    .returning({ name: profileImages.name });
  return rows.map((r) => r.name);
}

/** The names among `names` that are stored already. */
export async function storedNames(ex: Executor, names: readonly string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await ex
    .select({ name: profileImages.name })
    .from(profileImages)
    .where(inArray(profileImages.name, [...names]));
  return new Set(rows.map((r) => r.name));
}
