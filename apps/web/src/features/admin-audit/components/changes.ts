import { auditTexts as t } from '@intergen/domain';

/** One value that changed, at its dotted path inside the setting (`development.expert`; '' for the whole). */
export interface Change {
  path: string;
  before: string;
  after: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A value as the page shows it: lists joined, an empty text named. */
export function shownValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return t.emptyValue;
  if (Array.isArray(value)) return value.length === 0 ? t.emptyValue : value.map(shownValue).join(' · ');
  if (isRecord(value)) return JSON.stringify(value);
  return String(value);
}

/** What differs between `before` and `after`: the leaves of objects that changed, lists as a whole. */
export function changesOf(before: unknown, after: unknown, path = ''): Change[] {
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => changesOf(before[key], after[key], path ? `${path}.${key}` : key));
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [{ path, before: shownValue(before), after: shownValue(after) }];
}
