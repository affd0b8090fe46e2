import { findUnstorableInput } from '@intergen/contracts';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors.ts';

/**
 * One check of every request's input before its schema sees it: path parameters, query string and JSON body
 * may hold no NUL, no lone surrogate (see `isStorableText`) and no nesting deeper than any endpoint takes. Such
 * input answers 400 VALIDATION_FAILED with the offending field's path, so it never reaches a query (where
 * PostgreSQL would refuse it with a 500) and nothing is half-saved.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const input of [request.params, request.query, request.body]) {
      const problem = findUnstorableInput(input);
      if (problem) throw badRequest('VALIDATION_FAILED', problem.message, [problem]);
    }
  });
}
