import fastifyStatic from '@fastify/static';
import { messages } from '@intergen/domain';
import type { FastifyInstance } from 'fastify';

/**
 * Serves uploaded profile pictures from `DATA_DIR/uploads` at /uploads/<file>: existing files only, no
 * directory listing, no dotfiles, `nosniff`. Names are unique per upload, so they may be cached for good.
 */
export function uploadsRoutes(uploadsDir: string) {
  return async function routes(fastify: FastifyInstance) {
    await fastify.register(fastifyStatic, {
      root: uploadsDir,
      decorateReply: false,
      index: false,
      list: false,
      redirect: false,
      dotfiles: 'deny',
      // Only plain file names of the folder itself: no directories, no dotfiles, nothing nested.
      allowedPath: (pathName) => /^\/[A-Za-z0-9][A-Za-z0-9._-]*$/.test(pathName),
      // The folder appears with the first upload.
      suppressWarning: true,
      setHeaders(reply) {
        reply.header('x-content-type-options', 'nosniff');
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    // Inside /uploads a miss is a plain 404, never the web app's index page.
    fastify.setNotFoundHandler((_request, reply) =>
      reply.status(404).send({ error: { code: 'NOT_FOUND', message: messages.notFound } }),
    );
  };
}
