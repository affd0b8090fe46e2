import { type $ZodType, type output, safeParse } from 'zod/v4/core';
import { apiFetch, type Method } from './api-fetch';

export { ApiError, errorMessage, type FieldProblem, problemFields } from './api-fetch';

interface RequestOptions<S extends $ZodType> {
  method?: Method;
  /** Sent as JSON; a `FormData` (a file upload) is sent as multipart as it is. */
  body?: unknown;
  /**
   * The contract schema of the success response; the answer is checked against it. Any zod 4 schema, classic or
   * `zod/mini` (the session's, parsed on every first load: packages/contracts/src/session.ts).
   */
  schema: S;
  signal?: AbortSignal;
}

/** A `read` for `apiFetch` (lib/api-fetch.ts) that checks the answer against a contract schema. */
export function readWith<S extends $ZodType>(schema: S): (payload: unknown) => output<S> {
  return (payload) => {
    const parsed = safeParse(schema, payload);
    if (!parsed.success) throw parsed.error;
    return parsed.data;
  };
}

/**
 * Calls the same-origin API with the session cookie. Resolves with the response parsed by its contract
 * schema; rejects with an `ApiError` carrying the server's code and message (the spec's text).
 */
export function apiRequest<S extends $ZodType>(
  path: string,
  { method, body, schema, signal }: RequestOptions<S>,
): Promise<output<S>> {
  return apiFetch(path, { method, body, signal, read: readWith(schema) });
}
