import { type ErrorCode, errorStatus } from '@intergen/contracts';

/** The one error type services throw: a stable code and the spec's message; the status comes from the code. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: { path: string; message: string }[],
    /** Sent as `Retry-After` (seconds), for answers that say "not now" (429, 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = errorStatus[code];
  }
}

export const badRequest = (code: ErrorCode, message: string, details?: { path: string; message: string }[]) =>
  new AppError(code, message, details);
