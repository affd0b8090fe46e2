import { fieldMessages, limits, messages, profileTexts } from '@intergen/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { ImageStore } from './profiles.images.ts';

/** Room for the multipart envelope (boundaries, part headers, a few small fields) around the picture itself. */
const MULTIPART_ENVELOPE_BYTES = 16 * 1024;

/** The multipart limits of the upload route: one file of at most 512000 bytes, a few small fields. */
export const pictureUploadLimits = {
  fileSize: limits.profileImageMaxBytes,
  files: 1,
  fields: 5,
  parts: 6,
  fieldSize: 1024,
};

const refused = (message: string) =>
  badRequest('VALIDATION_FAILED', message, [{ path: 'profileImage', message }]);

/**
 * Reads the one picture of a multipart upload, to the end of the form: the file's bytes and its name. A body that
 * is not a well-formed form with exactly one file (cut off, a wrong or missing boundary, no file part, another
 * content type, over the parts limits) is refused with a 400 naming it so; a file over 512000 bytes with the
 * spec's message, before its bytes are kept. What the bytes are is judged later, by their content.
 */
export async function readPictureUpload(
  request: FastifyRequest,
): Promise<{ bytes: Buffer; fileName: string }> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > limits.profileImageMaxBytes + MULTIPART_ENVELOPE_BYTES) {
    throw refused(fieldMessages.imageTooLarge);
  }
  if (!request.isMultipart()) throw refused(profileTexts.uploadMalformed);
  let upload: { bytes: Buffer; fileName: string } | null = null;
  try {
    // Every part is read, so a form cut off after its file is refused too, not taken half-read.
    for await (const part of request.parts()) {
      if (part.type === 'file') upload = { bytes: await part.toBuffer(), fileName: part.filename };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw refused(fieldMessages.imageTooLarge);
    }
    // The parser's errors are all about the body sent: truncated, malformed, or over the parts limits.
    throw refused(profileTexts.uploadMalformed);
  }
  if (!upload) throw refused(profileTexts.uploadMalformed);
  return upload;
}

/** A stored name never changes its bytes (a new upload gets a new name), so a copy may be kept for good. */
const CACHE_FOREVER = 'public, max-age=31536000, immutable';

/** Whether an If-None-Match header names the entity tag (a list, weak tags, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/**
 * Serves uploaded profile pictures from the database at /uploads/<name>, on every instance alike: the stored
 * bytes with their content type, `nosniff`, an entity tag and a year of caching; a name not stored is a 404.
 */
export function uploadsRoutes(images: ImageStore) {
  return async function routes(fastify: FastifyInstance) {
    const notFound = { error: { code: 'NOT_FOUND', message: messages.notFound } };
    fastify.get<{ Params: { name: string } }>(
      '/:name',
      { schema: { hide: true } },
      async (request, reply) => {
        const image = await images.find(request.params.name);
        if (!image) return reply.status(404).send(notFound);
        const etag = `"${image.name}"`;
        reply
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', CACHE_FOREVER)
          .header('etag', etag)
          .header('last-modified', image.createdAt.toUTCString());
        if (matches(request.headers['if-none-match'], etag)) return reply.status(304).send();
        return reply.type(image.contentType).send(image.bytes);
      },
    );
    // Inside /uploads a miss is a plain 404, never the web app's index page.
    fastify.setNotFoundHandler((_request, reply) => reply.status(404).send(notFound));
  };
}
