import type { ErrorResponse } from '@intergen/contracts';
import { messages } from '@intergen/domain';

/**
 * The API's calls without a schema library: the fetch, the error envelope and the messages shown for errors.
 * `api-client.ts` adds the contract schemas (zod) on top; the signed-out entry (`signed-out.tsx`: the login and
 * the sign-up for a visitor without a session) uses this alone, so that its first load carries no zod.
 */

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

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface FetchOptions<T> {
  method?: Method;
  /** Sent as JSON; a `FormData` (a file upload) is sent as multipart as it is. */
  body?: unknown;
  /** Checks the success response and returns it typed; throws (anything) when it is not what was expected. */
  read: (payload: unknown) => T;
  signal?: AbortSignal;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The `error` of the API's error envelope (contracts' `ErrorResponseSchema`), or null for any other body. */
export function errorEnvelope(payload: unknown): ErrorResponse['error'] | null {
  const error = isRecord(payload) ? payload.error : undefined;
  if (!isRecord(error) || !isString(error.code) || !isString(error.message)) return null;
  const { details } = error;
  if (details === undefined) return { code: error.code, message: error.message };
  const valid =
    Array.isArray(details) && details.every((d) => isRecord(d) && isString(d.path) && isString(d.message));
  return valid ? { code: error.code, message: error.message, details: details as FieldProblem[] } : null;
}

/**
 * Calls the same-origin API with the session cookie. Resolves with the response as `read` returns it; rejects
 * with an `ApiError` carrying the server's code and message (the spec's text).
 */
export async function apiFetch<T>(
  path: string,
  { method = 'GET', body, read, signal }: FetchOptions<T>,
): Promise<T> {
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
    const error = errorEnvelope(payload);
    if (error) throw new ApiError(response.status, error.code, error.message, error.details ?? []);
    if (response.status === 429) throw new ApiError(429, 'RATE_LIMITED', messages.tooManyRequests);
    throw new ApiError(response.status, 'INTERNAL', messages.somethingWentWrong);
  }

  try {
    return read(payload);
  } catch (problem) {
    console.error(`Unexpected response from ${method} ${path}`, problem);
    throw new ApiError(response.status, 'BAD_RESPONSE', messages.somethingWentWrong);
  }
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
