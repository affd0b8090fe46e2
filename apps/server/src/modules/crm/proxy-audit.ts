import { recordAudit } from '../audit/index.ts';
import { suggestionsByIds } from '../matching/index.ts';
import * as members from '../members/index.ts';
import type { CrmContext } from './crm.service.ts';

/** One admin write through the CRM proxy, for the audit log. */
export interface ProxyWrite {
  /** `crm.<what>.<verb>` (labels in the domain's `auditActionLabels`). */
  action: string;
  /** The proxy path called. */
  path: string;
  /** The members the write is about (a deal's two parties, a contact's member). */
  memberIds: readonly (string | null | undefined)[];
  dealId?: string | null;
}

/**
 * Records an admin's write through the CRM proxy (deal and contact writes, verification codes, one-time links)
 * in the audit log, naming its members as they are at the time (id, name, e-mail): the record outlives a later
 * change or deletion of the account. The target is the deal when there is one, else the first member.
 */
export async function auditProxyWrite(ctx: CrmContext, adminId: string, write: ProxyWrite): Promise<void> {
  const ids = [...new Set(write.memberIds.filter((id): id is string => typeof id === 'string' && id !== ''))];
  const named: { id: string; name: string; email: string }[] = [];
  for (const id of ids) {
    const user = await members.findUserById(ctx.db, id);
    if (user) named.push({ id, name: user.name, email: user.email });
  }
  await recordAudit(ctx.db, {
    actorId: adminId,
    action: write.action,
    target: write.dealId ?? named[0]?.id ?? ids[0] ?? null,
    details: { path: write.path, members: named, ...(write.dealId ? { dealId: write.dealId } : {}) },
  });
}

/** The expert and venture of a connection deal, by its key (the suggestion's id); none for a deal made by hand. */
export async function connectionDealParties(ctx: CrmContext, dealId: string): Promise<string[]> {
  const deal = await ctx.gateway.findDeal(dealId);
  if (!deal?.dealKey || deal.pipeline !== 'connection') return [];
  const suggestion = (await suggestionsByIds(ctx.db, [deal.dealKey])).get(deal.dealKey);
  return suggestion ? [suggestion.expertId, suggestion.companyId] : [];
}
