import type { ErrorResponse } from '@intergen/contracts';
import { messages } from '@intergen/domain';
import type { $ZodType, output } from 'zod/v4/core';

/**
 * The API's calls: the fetch, the error envelope and the messages shown for errors. No schema library: the
 * answers are typed by the contracts but not checked again in the browser (`apiRequest`), so that no page loads
 * zod for them (the signed-out entry, `signed-out.tsx`, uses this module too).
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

/**
 * What a contract schema describes, as a type: `apiRequest<Answer<typeof SuggestionsResponseSchema>>(…)`. The
 * schema is imported as a type only, so no schema (and no zod) reaches the browser for it.
 */
export type Answer<S extends $ZodType> = output<S>;

export interface RequestOptions {
  method?: Method;
  /** Sent as JSON; a `FormData` (a file upload) is sent as multipart as it is. */
  body?: unknown;
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
 * Calls the same-origin API with the session cookie. Resolves with the answer the contract `T` describes
 * (`Answer<typeof …Schema>`), as the server sent it; rejects with an `ApiError` carrying the server's code and
 * message (the spec's text). The answer is not checked again here: the server checks every response against
 * its contract schema before sending it (`setSerializerCompiler` in apps/server/src/app.ts and each route's
 * `response` schemas), and a second check in the browser cost every member page zod and the schemas
 * (docs/ARCHITECTURE.md, "Contracts in the browser").
 */
export async function apiRequest<T>(
  path: string,
  { method = 'GET', body, signal }: RequestOptions = {},
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

  return payload as T;
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
