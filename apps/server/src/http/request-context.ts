import type { FastifyInstance } from 'fastify';
import { runForRequest } from '../lib/request-context.ts';

/**
 * Runs every handler as work of its request (lib/request-context.ts), so the outbox rows it writes carry the
 * request's id. A pre-handler, after the body is read: the body's stream events would leave the context.
 */
export function registerRequestContext(app: FastifyInstance) {
  app.addHook('preHandler', (request, _reply, done) => runForRequest(request.id, done));
}
