import type { ProfileType } from '@intergen/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, experts, matchSuggestions } from '../../db/schema.ts';
import { jsonRow, preparedOnce } from '../../db/statements.ts';
import { keptReads } from '../../lib/kept-lists.ts';
import { type Counterpart, type ListedRecord, listedColumns, listedCounterpart } from '../members/index.ts';
import type { SuggestionRow } from './matching.repository.ts';

/** What the suggestions list reads of each open suggestion (`listSuggestions`). */
export type OpenSuggestionRow = Pick<
  SuggestionRow,
  'id' | 'expertId' | 'companyId' | 'createdAt' | 'requestSent'
>;

/** What the kept `/api/suggestions` reads: the member's open suggestions, their own facets and the counterparts'. */
export const suggestionsReads = keptReads('counterparts', [matchSuggestions, experts, companies]);

const s = matchSuggestions;
const suggestionColumns = {
  id: s.id,
  expertId: s.expertId,
  companyId: s.companyId,
  createdAt: s.createdAt,
  requestSent: s.requestSent,
} satisfies Record<keyof OpenSuggestionRow, unknown>;

/**
 * The open suggestions of the member `memberId` on `side` (not requested, not dismissed by them), newest first,
 * each with the other side's card and facets (no contact row), in one statement prepared once per database and
 * side. A suggestion whose other side has no profile of that kind is left out.
 */
export async function readOpenSuggestions(
  ex: Executor,
  side: ProfileType,
  memberId: string,
): Promise<{ suggestion: OpenSuggestionRow; counterpart: Counterpart }[]> {
  const other: ProfileType = side === 'expert' ? 'company' : 'expert';
  const t = other === 'expert' ? experts : companies;
  const member = sql.placeholder('memberId');
  const open =
    side === 'expert'
      ? and(eq(s.expertId, member), eq(s.notInterested, false))
      : and(eq(s.companyId, member), eq(s.notInterestedByCompany, false));
  const row = jsonRow({ counterpart: listedColumns(other, false), suggestion: suggestionColumns });
  const rows = await preparedOnce(
    ex,
    `matching.open-suggestions-${side}`,
    (on) =>
      on
        .select({ row: row.sql })
        .from(s)
        .innerJoin(t, eq(t.id, side === 'expert' ? s.companyId : s.expertId))
        .where(and(open, eq(s.requestSent, false)))
        .orderBy(desc(s.createdAt), desc(s.id)),
    { memberId },
  );
  return (rows as { row: unknown }[]).map((listed) => {
    const { counterpart, suggestion } = row.decode(listed.row);
    return {
      suggestion: suggestion as OpenSuggestionRow,
      counterpart: listedCounterpart(other, counterpart as ListedRecord, false),
    };
  });
}
