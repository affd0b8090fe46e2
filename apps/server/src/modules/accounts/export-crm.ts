import type { AccountExport, ExportCounterpart } from '@intergen/contracts';
import type { MemberCrmRecords } from '../crm/index.ts';

/** What the export may show of the other member a row names (null: nothing). */
type View = (id: string | null) => ExportCounterpart;

/**
 * Deal properties that speak of the other party or hold their side: their name (shown as `counterpart`, as far as
 * the member may see them), the operator's links to them (their id in a URL) and ratings that are not the member's
 * own.
 */
const otherSide = new Set([
  'initiator_name',
  'recipient_name',
  'rating',
  'recipient_magic_link',
  'profile_url',
]);
/** Deal properties about the connection that the member sees only while they may see the other member. */
const shared = new Set(['request_message', 'industry_experience']);
/** The other side's rating (`venture_rating` is the expert's of the venture, `expert_rating` the venture's). */
const theirRating = (first: boolean) => (first ? 'expert_rating' : 'venture_rating');

/** The member's CRM records in their own terms (DESIGN.md §6; the export's `crm`). */
export function crmView(records: MemberCrmRecords, view: View): AccountExport['crm'] {
  const { contact } = records;
  return {
    contact: contact
      ? {
          ...{ kind: contact.kind, email: contact.email, name: contact.name, properties: contact.properties },
          createdAt: contact.createdAt.getTime(),
          updatedAt: contact.updatedAt.getTime(),
        }
      : null,
    deals: records.deals.map((d) => {
      const counterpart = view(d.otherMemberId || null);
      const properties = Object.fromEntries(
        Object.entries(d.properties).filter(
          ([key]) =>
            !otherSide.has(key) && key !== theirRating(d.first) && (counterpart !== null || !shared.has(key)),
        ),
      );
      return {
        ...{ id: d.id, pipeline: d.pipeline, stage: d.stage, lostReason: d.lostReason },
        counterpart,
        properties,
        createdAt: d.createdAt.getTime(),
        updatedAt: d.updatedAt.getTime(),
        history: d.history.map((h) => ({ stage: h.stage, lostReason: h.lostReason, at: h.at.getTime() })),
      };
    }),
  };
}

/** The other members the CRM records name, for the export's counterpart views. */
export const crmCounterparts = (records: MemberCrmRecords) =>
  records.deals.flatMap((d) => (d.otherMemberId ? [d.otherMemberId] : []));
