import type { FastifyRequest } from 'fastify';

/**
 * What the logs may say about errors and requests. Database errors carry their SQL and its parameters (Drizzle
 * puts both into the message: a sign-up's parameters include the password hash), and URLs carry query strings
 * (tokens of e-mailed links): neither is logged. Pino writes one JSON object per line, so member input with
 * line breaks cannot forge a log line there; `oneLine` covers the texts we print ourselves.
 */

/** Control characters and line separators become one space: a header or a printed line stays one line. */
export function oneLine(text: string): string {
  return text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ');
}

/** Drizzle's query error ("Failed query: <sql>\nparams: <values>") without the SQL and the values. */
function withoutQuery(message: string): string {
  return message.startsWith('Failed query:') ? 'Failed query' : message.replace(/\nparams: [\s\S]*$/, '');
}

/** An error's message, safe to log or store: never the SQL or parameters of a failed query. */
export function safeErrorMessage(error: unknown): string {
  if (!(error instanceof Error)) return withoutQuery(String(error));
  // Drizzle's wrapper: the database's own error (its message without the values) is the cause.
  if (error.message.startsWith('Failed query:')) {
    return error.cause ? `Failed query: ${safeErrorMessage(error.cause)}` : 'Failed query';
  }
  return withoutQuery(error.message);
}

/** The error fields worth logging; everything else (query, parameters, a row's values in `detail`) is left out. */
const LOGGED_FIELDS = ['code', 'statusCode', 'severity', 'constraint', 'table', 'column', 'routine'] as const;

export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** Pino's `err` serializer: type, safe message, stack frames, the fields above and the cause, nothing more. */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: safeErrorMessage(error), stack: '' };
  const fields = error as Error & Partial<Record<(typeof LOGGED_FIELDS)[number], unknown>>;
  const message = safeErrorMessage(error);
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const out: SerializedError = {
    type: error.name,
    message,
    stack: [`${error.name}: ${message}`, ...frames].join('\n'),
  };
  for (const key of LOGGED_FIELDS) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  if (error.cause !== undefined && depth < 3) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

/** Pino's `req` serializer: the path without its query string. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.split('?', 1)[0] ?? '',
    remoteAddress: request.ip,
  };
}

export const logSerializers = { err: (error: unknown) => serializeError(error), req: serializeRequest };
