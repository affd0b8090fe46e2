import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { limits, type ProfileImage, type ProfileType, profileTexts } from '@intergen/domain';
import sharp from 'sharp';
import { AppError } from '../../lib/errors.ts';

/** The URL prefix uploaded pictures are served under (app.ts serves DATA_DIR/uploads there). */
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

/** Profile pictures on disk under `DATA_DIR/uploads`, served at `/uploads/<file>`. */
export function createImageStore(uploadsDir: string) {
  /** The file behind an `/uploads/<file>` URL, or null for anything else (default avatars, foreign URLs). */
  function fileOf(url: string): string | null {
    if (!url.startsWith(UPLOADS_URL_PREFIX)) return null;
    const name = url.slice(UPLOADS_URL_PREFIX.length);
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name)) return null;
    return path.join(uploadsDir, name);
  }

  return {
    dir: uploadsDir,

    /** Writes an encoded picture as `<Date.now()>-<sanitised name>.jpg`, never overwriting another one. */
    async save(bytes: Buffer, originalName: string): Promise<ProfileImage> {
      await mkdir(uploadsDir, { recursive: true });
      let name = `${Date.now()}-${sanitiseFileName(originalName)}.jpg`;
      for (let attempt = 0; ; attempt++) {
        try {
          await writeFile(path.join(uploadsDir, name), bytes, { flag: 'wx' });
          return { url: `${UPLOADS_URL_PREFIX}${name}`, name };
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 5) throw error;
          name = `${Date.now()}-${sanitiseFileName(originalName)}-${randomBytes(3).toString('hex')}.jpg`;
        }
      }
    },

    /** Deletes an uploaded picture; a missing file and non-upload URLs (default avatars) are left alone. */
    async remove(url: string | null | undefined): Promise<void> {
      const file = url ? fileOf(url) : null;
      if (!file) return;
      try {
        await unlink(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    },
  };
}

export type ImageStore = ReturnType<typeof createImageStore>;
