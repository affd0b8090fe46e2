import { isStorableText } from '@intergen/contracts';
import { messages } from '@intergen/domain';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.ts';

/**
 * The opaque cursors of the admin's read views: base64url JSON of the list, its sort, and the last row's sort
 * value (exact: microseconds of a date) and id. A cursor is checked before use: one that does not decode, was
 * made for another list or sort, or holds a value the database could not compare is a 400, never a 500.
 */

/** A date key as `exactTime` writes it (year 1000 on, so every one is a PostgreSQL timestamp). */
const TIME_KEY = /^[1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** Whether `key` is a real instant in `exactTime`'s form (no 30 February). */
export function isTimeKey(key: string): boolean {
  if (!TIME_KEY.test(key)) return false;
  const millis = `${key.slice(0, 23)}Z`;
  const date = new Date(millis);
  return !Number.isNaN(date.getTime()) && date.toISOString() === millis;
}

const RowIdSchema = z.string().min(1).max(200).refine(isStorableText);

/** Each list's cursor: `l` the list, `o` the order, `s` the sort, `k` the key, `i` the id, `c` the kind. */
const CursorSchemas = {
  suggestions: z.object({
    l: z.literal('suggestions'),
    o: z.enum(['desc', 'asc']),
    k: z.string().refine(isTimeKey),
    i: RowIdSchema,
  }),
  requests: z.object({
    l: z.literal('requests'),
    o: z.enum(['desc', 'asc']),
    k: z.string().refine(isTimeKey),
    c: z.enum(['connection', 'network']),
    i: RowIdSchema,
  }),
  scores: z.union([
    z.object({
      l: z.literal('scores'),
      s: z.literal('score'),
      o: z.enum(['desc', 'asc']),
      k: z.string().regex(/^(?:100|[1-9]?\d)$/),
      i: z.string().regex(/^[1-9]\d{0,14}$/),
    }),
    z.object({
      l: z.literal('scores'),
      s: z.literal('updated'),
      o: z.enum(['desc', 'asc']),
      k: z.string().refine(isTimeKey),
      i: z.string().regex(/^[1-9]\d{0,14}$/),
    }),
  ]),
};

type CursorOf<L extends keyof typeof CursorSchemas> = z.infer<(typeof CursorSchemas)[L]>;

export function encodeCursor<L extends keyof typeof CursorSchemas>(cursor: CursorOf<L>): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

const refused = () =>
  badRequest('VALIDATION_FAILED', messages.unknownCursor, [
    { path: 'cursor', message: messages.unknownCursor },
  ]);

/**
 * The cursor `raw` of list `list`, or null without one; a cursor that is not this list's, or whose sort
 * (`matches`) differs from the query's, is refused (400).
 */
export function decodeCursor<L extends keyof typeof CursorSchemas>(
  list: L,
  raw: string | undefined,
  matches: (cursor: CursorOf<L>) => boolean,
): CursorOf<L> | null {
  if (raw === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw refused();
  }
  const cursor = CursorSchemas[list].safeParse(parsed);
  if (!cursor.success || !matches(cursor.data as CursorOf<L>)) throw refused();
  return cursor.data as CursorOf<L>;
}
