import { adminRecordsTexts as t } from '@intergen/domain';
import { formatRecordTime } from './format';

/** A date as `<time>` (machine-readable), or a dash when there is none. */
export function RecordTime({ at }: { at: number | null }) {
  if (at === null) return <>{t.none}</>;
  return <time dateTime={new Date(at).toISOString()}>{formatRecordTime(at)}</time>;
}
