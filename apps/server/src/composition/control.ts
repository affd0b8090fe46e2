import { timingSafeEqual } from 'node:crypto';
import { messages } from '@intergen/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import type { AuthService } from '../modules/auth/index.ts';
import { backupControlPath, controlHeader, snapshotOf } from '../operations/backup.ts';

/**
 * The calls `npm run admin` and `npm run backup` make to the running server, which owns the embedded database;
 * each needs the control token the server was started with.
 */
export function registerControl(
  fastify: FastifyInstance,
  { controlToken, auth, database }: { controlToken: string | null; auth: AuthService; database: Database },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const control = controlToken ? Buffer.from(controlToken) : null;
  const requireControl = (request: FastifyRequest) => {
    const given = Buffer.from(String(request.headers[controlHeader] ?? ''));
    if (!control || given.length !== control.length || !timingSafeEqual(given, control)) {
      throw new AppError('FORBIDDEN', messages.forbidden);
    }
  };
  app.post(
    '/api/internal/admin-link',
    {
      schema: { hide: true, body: z.object({ email: z.string() }) },
    },
    async (request) => {
      requireControl(request);
      return auth.createAdmin(request.body.email);
    },
  );
  // A consistent snapshot of the live embedded database (a gzipped tarball of its data directory).
  app.post(backupControlPath, { schema: { hide: true } }, async (request, reply) => {
    requireControl(request);
    if (!database.dumpDataDir) {
      throw new AppError('INVALID_STATE', 'The embedded database alone is backed up here; use pg_dump');
    }
    const tarball = await snapshotOf(database);
    return reply.type('application/gzip').send(Buffer.from(tarball));
  });
}
