import { randomBytes } from 'node:crypto';
import { readdir, readFile, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { limits, type ProfileImage, type ProfileType, profileTexts } from '@intergen/domain';
import sharp from 'sharp';
import type { Database, Executor } from '../../db/client.ts';
import { sqlStateOf } from '../../db/retry.ts';
import { AppError } from '../../lib/errors.ts';
import { ownersOfPictures } from '../members/index.ts';
import {
  deleteImages,
  deleteOwnerImagesExcept,
  findImage,
  insertImage,
  type StoredImage,
  storedNames,
} from './profiles.images.repository.ts';

/** The URL prefix uploaded pictures are served under (profiles.uploads.ts). */
export const UPLOADS_URL_PREFIX = '/uploads/';

/** Formats we accept, judged by the decoded content, never by the file name or the declared type. */
const readableFormats = new Set(['jpeg', 'png', 'webp', 'gif']);
/** Refuse decompression bombs: a small file may declare an enormous canvas. */
const maxInputPixels = 40_000_000;

const unreadable = () =>
  new AppError('VALIDATION_FAILED', profileTexts.imageUnreadable, [
    { path: 'profileImage', message: profileTexts.imageUnreadable },
  ]);

/**
 * Checks that `input` is a JPEG, PNG, WebP or GIF picture and re-encodes it as a 400×400 JPEG (cover crop,
 * orientation applied, metadata stripped). Anything sharp cannot read is refused with the spec-style message.
 */
export async function encodeProfileImage(input: Buffer): Promise<Buffer> {
  const options = { limitInputPixels: maxInputPixels };
  let format: string | undefined;
  try {
    format = (await sharp(input, options).metadata()).format;
  } catch {
    throw unreadable();
  }
  if (!format || !readableFormats.has(format)) throw unreadable();
  try {
    return await sharp(input, options)
      .rotate()
      .resize(limits.profileImageSize, limits.profileImageSize, { fit: 'cover' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch {
    throw unreadable();
  }
}

/** A file name safe on any file system and in a URL: lower-case letters, digits, dashes; never empty. */
export function sanitiseFileName(original: string): string {
  const base = path
    .basename(original.replaceAll('\\', '/'))
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .toLowerCase()
    .slice(0, 60);
  return base || 'image';
}

/** The four default avatars of a profile type, shipped by the web app. */
export function defaultAvatars(kind: ProfileType): string[] {
  return [1, 2, 3, 4].map((n) => `/avatars/${kind}-${n}.svg`);
}

/** One of the four default avatars of the kind, at random. */
export function randomDefaultAvatar(kind: ProfileType, random: () => number = Math.random): ProfileImage {
  const avatars = defaultAvatars(kind);
  const url = avatars[Math.min(avatars.length - 1, Math.floor(random() * avatars.length))]!;
  return { url, name: path.posix.basename(url) };
}

/** A server-made picture name: what follows `/uploads/` in a picture's URL. */
const pictureName = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** The stored name behind an `/uploads/<name>` URL, or null for anything else (default avatars, foreign URLs). */
export function pictureNameOf(url: string | null | undefined): string | null {
  if (!url?.startsWith(UPLOADS_URL_PREFIX)) return null;
  const name = url.slice(UPLOADS_URL_PREFIX.length);
  return pictureName.test(name) ? name : null;
}

/** Files of one batch of the import of pictures kept as files. */
const IMPORT_BATCH = 200;
/**
 * A file no profile names is removed once it is this old: a replaced picture or a deleted member's must not stay
 * on disk, while an earlier version still running beside this one (a rolling upgrade) writes its file before the
 * profile names it.
 */
const LEFTOVER_AGE_MS = 60 * 60 * 1000;

/** Removes a picture file no profile names, when it is older than `LEFTOVER_AGE_MS`. */
async function removeLeftover(file: string, now: number): Promise<void> {
  const modified = await stat(file).then(
    (s) => s.mtimeMs,
    () => null,
  );
  if (modified !== null && now - modified >= LEFTOVER_AGE_MS) await unlink(file).catch(() => {});
}

/** Moves one batch of files into the table; returns how many were imported. */
async function importBatch(db: Executor, dir: string, files: string[]): Promise<number> {
  const owners = await ownersOfPictures(
    db,
    files.map((f) => `${UPLOADS_URL_PREFIX}${f}`),
  );
  const stored = await storedNames(db, files);
  let imported = 0;
  for (const name of files) {
    const owner = owners.get(`${UPLOADS_URL_PREFIX}${name}`);
    const file = path.join(dir, name);
    // A file no profile names is a leftover (a replaced picture, a deleted member's): never brought back.
    if (!owner) {
      await removeLeftover(file, Date.now());
      continue;
    }
    if (!stored.has(name)) {
      const bytes = await readFile(file);
      const format = await sharp(bytes)
        .metadata()
        .then((m) => m.format)
        .catch(() => undefined);
      if (!format || !readableFormats.has(format)) continue;
      try {
        await insertImage(db, { name, ownerId: owner, contentType: `image/${format}`, bytes });
      } catch (error) {
        // The member was deleted meanwhile (foreign key violation): their picture goes with them.
        if (sqlStateOf(error) !== '23503') throw error;
      }
      imported += 1;
    }
    await unlink(file).catch(() => {});
  }
  return imported;
}

/** Moves the files of `dir` that a profile names into the table, in batches; returns how many were imported. */
async function importFiles(db: Executor, dir: string): Promise<number> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  const files = entries.filter((f) => pictureName.test(f));
  let imported = 0;
  for (let i = 0; i < files.length; i += IMPORT_BATCH) {
    imported += await importBatch(db, dir, files.slice(i, i + IMPORT_BATCH));
  }
  return imported;
}

/**
 * Profile pictures in the database (table `profile_images`), so that every instance serves every picture and a
 * backup of the database holds them; served at `/uploads/<name>`. `legacyDir` is where earlier versions kept them
 * as files (`DATA_DIR/uploads`): `importFiles` moves those a profile still names into the table.
 */
export function createImageStore(database: Database, legacyDir: string | null = null) {
  const { db } = database;

  return {
    /**
     * Stores an encoded JPEG for `ownerId` in the caller's transaction, as `<Date.now()>-<sanitised name>.jpg`
     * (a random suffix when that name is taken): a name is never reused, so it may be cached for good.
     */
    async save(ex: Executor, ownerId: string, bytes: Buffer, originalName: string): Promise<ProfileImage> {
      const base = `${Date.now()}-${sanitiseFileName(originalName)}`;
      for (let attempt = 0; attempt < 6; attempt++) {
        const name = attempt === 0 ? `${base}.jpg` : `${base}-${randomBytes(4).toString('hex')}.jpg`;
        if (await insertImage(ex, { name, ownerId, contentType: 'image/jpeg', bytes })) {
          return { url: `${UPLOADS_URL_PREFIX}${name}`, name };
        }
      }
      throw new Error('No free name for a profile picture');
    },

    /** The picture stored under `name`, or null (also for a name no upload could have). */
    async find(name: string): Promise<StoredImage | null> {
      return pictureName.test(name) ? findImage(db, name) : null;
    },

    /** Deletes an uploaded picture by its URL; URLs of no upload (default avatars) and missing ones are ignored. */
    async remove(url: string | null | undefined, ex: Executor = db): Promise<void> {
      const name = pictureNameOf(url);
      if (name) await deleteImages(ex, [name]);
    },

    /** Deletes the member's pictures but those at `keep` (the ones their profile still names). */
    async keepOnly(
      ex: Executor,
      ownerId: string,
      keep: readonly (string | null | undefined)[],
    ): Promise<void> {
      const names = keep.map(pictureNameOf).filter((n): n is string => n !== null);
      await deleteOwnerImagesExcept(ex, ownerId, names);
    },

    /**
     * Deletes every picture of a member (account deletion; also done by the database when the user row goes).
     * Runs in the caller's transaction when given one.
     */
    async removeMember(userId: string, ex: Executor = db): Promise<void> {
      await deleteOwnerImagesExcept(ex, userId, []);
    },

    /**
     * The one-off move of pictures kept as files by earlier versions into the table (start-up): each file a
     * profile names is stored under its own name (so its URL keeps working), then the file is deleted. Safe to
     * run again and from several instances; returns how many pictures were imported.
     */
    importFiles: (): Promise<number> => (legacyDir ? importFiles(db, legacyDir) : Promise.resolve(0)),
  };
}

export type ImageStore = ReturnType<typeof createImageStore>;
