import { openNetworkStatuses } from '@intergen/domain';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { contactInfo, experts, networkRequests } from '../../db/schema.ts';
import { jsonRow, preparedOnce } from '../../db/statements.ts';
import { type ListedRecord, listedColumns, listedCounterpart } from '../members/index.ts';
import type { NetworkViewRow, RowWithCounterpart } from './network.model.ts';

/** What the overview reads of a request (`NetworkViewRow`): what its view shows and who its two experts are. */
const n = networkRequests;
const requestColumns = {
  id: n.id,
  initiatorId: n.initiatorId,
  recipientId: n.recipientId,
  status: n.status,
  viaCompanyId: n.viaCompanyId,
  companyName: n.companyName,
  requestedAt: n.requestedAt,
  respondedAt: n.respondedAt,
  connectedOn: n.connectedOn,
} satisfies Record<keyof NetworkViewRow, unknown>;

/**
 * The requesting and connected requests of the expert `memberId`, sent or received, newest first, each with the
 * other expert's card and, once connected, their contact row (the only requests whose view shows it), in one
 * statement (prepared once per database). A request whose other side has no expert profile is left out; `read` is
 * told every counterpart read, shown or not (a kept list depends on them), and an expert gone from the platform
 * takes their requests out of view.
 */
export async function readNetworkRows(
  ex: Executor,
  memberId: string,
  read: (counterpartId: string) => void,
): Promise<RowWithCounterpart[]> {
  const row = jsonRow({ counterpart: listedColumns('expert', true), request: requestColumns });
  const me = sql.placeholder('memberId');
  const otherId = sql`CASE WHEN ${n.initiatorId} = ${me} THEN ${n.recipientId} ELSE ${n.initiatorId} END`;
  const rows = await preparedOnce(
    ex,
    'network.overview',
    (on) =>
      on
        .select({ row: row.sql })
        .from(n)
        .innerJoin(experts, eq(experts.id, otherId))
        .leftJoin(contactInfo, and(eq(contactInfo.userId, experts.id), eq(n.status, 'connected')))
        .where(
          and(inArray(n.status, [...openNetworkStatuses]), or(eq(n.initiatorId, me), eq(n.recipientId, me))),
        )
        .orderBy(desc(n.requestedAt), desc(n.id)),
    { memberId },
  );
  return (rows as { row: unknown }[]).flatMap((listed) => {
    const { counterpart, request } = row.decode(listed.row);
    read(counterpart.id as string);
    const { card, contact, gone } = listedCounterpart('expert', counterpart as ListedRecord, true);
    if (gone) return [];
    return [{ row: request as NetworkViewRow, counterpart: { card, contact } }];
  });
}
