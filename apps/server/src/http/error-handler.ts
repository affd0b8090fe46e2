import type { ErrorResponse } from '@intergen/contracts';
import { messages } from '@intergen/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';

/**
 * The one error handler: AppErrors answer with their code and the spec's message; schema failures with
 * VALIDATION_FAILED and a message per field; anything else a generic 500, logged with its cause.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let status: number;
    let body: ErrorResponse;
    if (error instanceof AppError) {
      status = error.status;
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      body = {
        error: {
          code: error.code,
          message: error.message,
          ...(error.details ? { details: error.details } : {}),
        },
      };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || String(v.params?.issue ? '' : ''),
        message: v.message ?? messages.somethingWentWrong,
      }));
      status = 400;
      body = {
        error: {
          code: 'VALIDATION_FAILED',
          message: details[0]?.message ?? messages.somethingWentWrong,
          details,
        },
      };
    } else if (error.statusCode === 429) {
      status = 429;
      body = { error: { code: 'RATE_LIMITED', message: messages.tooManyRequests } };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { error: { code: status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED', message: error.message } };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      status = 500;
      body = { error: { code: 'INTERNAL', message: messages.somethingWentWrong, requestId: request.id } };
    }
    if (status >= 500) request.log.error({ err: error, code: body.error.code }, 'request failed');
    return reply.status(status).send(body);
  });
}
