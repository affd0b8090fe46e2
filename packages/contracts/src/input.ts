import { messages } from '@intergen/domain';
import { z } from 'zod';

/**
 * What every input must be to be stored: PostgreSQL's `text` refuses NUL, and a UTF-16 half without its
 * partner (a lone surrogate) has no UTF-8 form (`jsonb` refuses its escape; `text` would silently get U+FFFD).
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a string can be stored as it is: no NUL, no lone surrogate. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/** How deep a request's JSON may nest; no endpoint takes more than a few levels. */
export const MAX_INPUT_DEPTH = 32;

export interface InputProblem {
  /** Dotted path of the offending value (or key) in the input; '' for the input itself. */
  path: string;
  message: string;
}

/**
 * The first value of a request input (body, query, params) that no endpoint may receive: a string or a key
 * that cannot be stored, or nesting deeper than `MAX_INPUT_DEPTH`. Walks without recursion, so no input can
 * exhaust the stack. Null when the input is fine.
 */
export function findUnstorableInput(input: unknown): InputProblem | null {
  const stack: { value: unknown; path: string[] }[] = [{ value: input, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return { path: path.join('.'), message: messages.unsupportedCharacters };
    } else if (value !== null && typeof value === 'object') {
      if (path.length >= MAX_INPUT_DEPTH) return { path: path.join('.'), message: messages.inputTooDeep };
      for (const [key, child] of Object.entries(value)) {
        const childPath = [...path, key];
        if (!isStorableText(key)) {
          return { path: childPath.join('.'), message: messages.unsupportedCharacters };
        }
        stack.push({ value: child, path: childPath });
      }
    }
  }
  return null;
}

/** An integer that fits PostgreSQL's `integer` (int4) column, where such a field is stored. */
export const int4 = () =>
  z
    .number()
    .int()
    .min(-2_147_483_648, messages.numberOutOfRange)
    .max(2_147_483_647, messages.numberOutOfRange);
