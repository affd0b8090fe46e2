import {
  ErrorResponseSchema,
  MailboxQuerySchema,
  MailboxResponseSchema,
  MailMessageSchema,
} from '@intergen/contracts';
import { messages } from '@intergen/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { requireAdmin } from '../../http/session.ts';
import { AppError } from '../../lib/errors.ts';
import { findMail, listMail } from '../mail/index.ts';

/** Admin pages' API: the embedded mailbox. */
export function adminRoutes(deps: { database: Database }) {
  const { db } = deps.database;
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['admin'];
    const errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema };

    app.get(
      '/mailbox',
      {
        schema: {
          tags,
          summary: 'Messages of the embedded mailbox, newest first',
          querystring: MailboxQuerySchema,
          response: { 200: MailboxResponseSchema, ...errors },
        },
      },
      async (request) => {
        requireAdmin(request);
        const page = await listMail(db, request.query);
        if (!page) throw new AppError('VALIDATION_FAILED', messages.unknownCursor);
        return {
          messages: page.rows.map((m) => ({ ...m, createdAt: m.createdAt.getTime() })),
          hasMore: page.hasMore,
        };
      },
    );

    app.get(
      '/mailbox/:id',
      {
        schema: {
          tags,
          summary: 'One message of the embedded mailbox',
          params: z.object({ id: z.string() }),
          response: { 200: MailMessageSchema, ...errors },
        },
      },
      async (request) => {
        requireAdmin(request);
        const mail = await findMail(db, request.params.id);
        if (!mail) throw new AppError('NOT_FOUND', messages.notFound);
        return {
          id: mail.id,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          createdAt: mail.createdAt.getTime(),
        };
      },
    );
  };
}
