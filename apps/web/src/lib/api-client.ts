import { ErrorResponseSchema } from '@intergen/contracts';
import { messages } from '@intergen/domain';
import { type $ZodType, type output, safeParse } from 'zod/v4/core';

export interface FieldProblem {
  path: string;
  message: string;
}

/** An error answered by the API (`{ error: { code, message, details? } }`) or a failed request. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: FieldProblem[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** True when the request never got an answer from the server (offline, DNS, aborted). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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

/**
 * Calls the same-origin API with the session cookie. Resolves with the response parsed by its contract
 * schema; rejects with an `ApiError` carrying the server's code and message (the spec's text).
 */
export async function apiRequest<S extends $ZodType>(
  path: string,
  { method = 'GET', body, schema, signal }: RequestOptions<S>,
): Promise<output<S>> {
  const multipart = body instanceof FormData;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined && !multipart) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, 'NETWORK', messages.somethingWentWrong);
  }

  const payload: unknown = await response.json().catch(() => undefined);

  if (!response.ok) {
    const parsed = safeParse(ErrorResponseSchema, payload);
    if (parsed.success) {
      const { code, message, details } = parsed.data.error;
      throw new ApiError(response.status, code, message, details ?? []);
    }
    if (response.status === 429) throw new ApiError(429, 'RATE_LIMITED', messages.tooManyRequests);
    throw new ApiError(response.status, 'INTERNAL', messages.somethingWentWrong);
  }

  const parsed = safeParse(schema, payload);
  if (!parsed.success) {
    console.error(`Unexpected response from ${method} ${path}`, parsed.error);
    throw new ApiError(response.status, 'BAD_RESPONSE', messages.somethingWentWrong);
  }
  return parsed.data;
}

/** The message to show for any error thrown by a query or mutation. */
export function errorMessage(error: unknown, fallback: string = messages.somethingWentWrong): string {
  if (error instanceof ApiError) return error.isNetworkError ? fallback : error.message;
  return fallback;
}

/** Field paths the server flagged in a validation error (for marking inputs invalid). */
export function problemFields(error: unknown): Set<string> {
  return new Set(error instanceof ApiError ? error.details.map((d) => d.path) : []);
}
