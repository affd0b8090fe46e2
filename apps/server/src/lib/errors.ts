import type { ErrorCode } from '@intergen/contracts';

/** The one error type services throw: a stable code, the spec's message and the HTTP status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number,
    readonly details?: { path: string; message: string }[],
    /** Sent as `Retry-After` (seconds), for answers that say "not now" (429, 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (code: ErrorCode, message: string, details?: { path: string; message: string }[]) =>
  new AppError(code, message, 400, details);
