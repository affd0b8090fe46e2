import type { ProfileType } from '@intergen/domain';
import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, connectionRequests, contactInfo, experts, settings } from '../../db/schema.ts';
import { jsonRow, preparedOnce } from '../../db/statements.ts';
import { keptReads } from '../../lib/kept-lists.ts';
import { type ListedRecord, listedColumns, listedCounterpart } from '../members/index.ts';
import type { RequestWithCounterpart } from './connections.model.ts';
import type { ListedRequestRow } from './connections.repository.ts';

/** What the buckets read of a request (`ListedRequestRow`): every column but the comments and stamps. */
const r = connectionRequests;
const requestColumns = {
  id: r.id,
  expertId: r.expertId,
  companyId: r.companyId,
  requestedBy: r.requestedBy,
  message: r.message,
  seen: r.seen,
  notInterested: r.notInterested,
  accepted: r.accepted,
  dismissed: r.dismissed,
  closed: r.closed,
  isPending: r.isPending,
  requestSentAt: r.requestSentAt,
  connectedOn: r.connectedOn,
  closedOn: r.closedOn,
  expertClosedOn: r.expertClosedOn,
  companyClosedOn: r.companyClosedOn,
  expertCompletedSurvey: r.expertCompletedSurvey,
  companyCompletedSurvey: r.companyCompletedSurvey,
  expertRating: r.expertRating,
  ventureRating: r.ventureRating,
} satisfies Record<keyof ListedRequestRow, unknown>;

/** What the kept `/api/connections` reads: the member's requests, their counterparts' rows, the survey form's setting. */
export const bucketsReads = keptReads('counterparts', [
  connectionRequests,
  experts,
  companies,
  contactInfo,
  settings,
]);

/**
 * The requests of the member `memberId` on `side`, newest first, each with the other side's card, facets and
 * contact row, in one statement (prepared once per database and side). A request whose other side has no
 * profile is left out; `read` is told every counterpart read, shown or not (a kept list depends on them), and a
 * counterpart gone from the platform takes their requests and connections out of view.
 */
export async function readBucketRows(
  ex: Executor,
  side: ProfileType,
  memberId: string,
  read: (counterpartId: string) => void,
): Promise<RequestWithCounterpart[]> {
  const other: ProfileType = side === 'expert' ? 'company' : 'expert';
  const t = other === 'expert' ? experts : companies;
  const mine = side === 'expert' ? r.expertId : r.companyId;
  const otherId = side === 'expert' ? r.companyId : r.expertId;
  const row = jsonRow({ counterpart: listedColumns(other, true), request: requestColumns });
  const rows = await preparedOnce(
    ex,
    `connections.buckets-${side}`,
    (on) =>
      on
        .select({ row: row.sql })
        .from(r)
        .innerJoin(t, eq(t.id, otherId))
        .leftJoin(contactInfo, eq(contactInfo.userId, t.id))
        .where(eq(mine, sql.placeholder('memberId')))
        .orderBy(desc(r.requestSentAt), desc(r.id)),
    { memberId },
  );
  return (rows as { row: unknown }[]).flatMap((listed) => {
    const { counterpart, request } = row.decode(listed.row);
    read(counterpart.id as string);
    const { card, facets, contact, gone } = listedCounterpart(other, counterpart as ListedRecord, true);
    if (gone) return [];
    return [{ request: request as ListedRequestRow, card, facets, contact }];
  });
}
