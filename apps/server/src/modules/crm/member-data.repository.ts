import type { CrmPipeline } from '@intergen/domain';
import { asc, eq, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { crmContacts, crmDealStages, crmDeals } from '../../db/schema.ts';
import type { CrmProperties } from './properties.ts';

/** What the built-in CRM holds about one member, for their data export. */
export interface MemberCrmRecords {
  contact: {
    kind: 'expert' | 'company';
    email: string;
    name: string;
    properties: CrmProperties;
    createdAt: Date;
    updatedAt: Date;
  } | null;
  deals: {
    id: string;
    pipeline: CrmPipeline;
    stage: string;
    lostReason: string | null;
    properties: CrmProperties;
    /** Whether the member is the deal's first party (the expert, or the My Network initiator). */
    first: boolean;
    /** The other party's member id. */
    otherMemberId: string;
    createdAt: Date;
    updatedAt: Date;
    history: { stage: string; lostReason: string | null; at: Date }[];
  }[];
}

/** The member's contact in the built-in CRM and every deal they are a party to, with each deal's stages. */
export async function crmRecordsOfMember(ex: Executor, memberId: string): Promise<MemberCrmRecords> {
  const [contact] = await ex.select().from(crmContacts).where(eq(crmContacts.memberId, memberId));
  if (!contact) return { contact: null, deals: [] };
  const deals = await ex
    .select()
    .from(crmDeals)
    .where(or(eq(crmDeals.firstContactId, contact.id), eq(crmDeals.secondContactId, contact.id)))
    .orderBy(asc(crmDeals.createdAt), asc(crmDeals.id));
  const otherContactIds = deals.map((d) =>
    d.firstContactId === contact.id ? d.secondContactId : d.firstContactId,
  );
  const others = otherContactIds.length
    ? await ex
        .select({ id: crmContacts.id, memberId: crmContacts.memberId })
        .from(crmContacts)
        .where(inArray(crmContacts.id, otherContactIds))
    : [];
  const memberOf = new Map(others.map((o) => [o.id, o.memberId]));
  const stages = deals.length
    ? await ex
        .select()
        .from(crmDealStages)
        .where(
          inArray(
            crmDealStages.dealId,
            deals.map((d) => d.id),
          ),
        )
        .orderBy(asc(crmDealStages.id))
    : [];
  return {
    contact: {
      kind: contact.kind,
      email: contact.email,
      name: contact.name,
      properties: contact.properties,
      createdAt: contact.createdAt,
      updatedAt: contact.updatedAt,
    },
    deals: deals.map((d) => {
      const first = d.firstContactId === contact.id;
      return {
        id: d.id,
        pipeline: d.pipeline,
        stage: d.stage,
        lostReason: d.lostReason,
        properties: d.properties,
        first,
        otherMemberId: memberOf.get(first ? d.secondContactId : d.firstContactId) ?? '',
        createdAt: d.createdAt,
        updatedAt: d.updatedAt,
        history: stages
          .filter((s) => s.dealId === d.id)
          .map((s) => ({ stage: s.stage, lostReason: s.lostReason, at: s.createdAt })),
      };
    }),
  };
}
