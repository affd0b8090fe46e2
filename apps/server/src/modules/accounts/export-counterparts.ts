import type { ExportCounterpart } from '@intergen/contracts';
import { type ProfileAccess, type ProfileType, readScope } from '@intergen/domain';
import type { Caller } from '../../http/caller.ts';
import { accessTo, accessViewerOf, counterpartsOf, memberNames } from '../members/index.ts';
import type { AccountsContext } from './accounts.context.ts';

/**
 * What the exporting member may see of each other member their rows name, under the read-access rules
 * (DESIGN.md §2, domain read-access.ts): nothing (absent from the map: the row keeps no name), or their kind and
 * name, with their contact details only when the two are connected. An export shows nothing the member could
 * not already read in the app.
 */
export async function counterpartViews(
  ctx: AccountsContext,
  caller: Caller,
  ids: readonly string[],
): Promise<Map<string, NonNullable<ExportCounterpart>>> {
  const views = new Map<string, NonNullable<ExportCounterpart>>();
  const others = [...new Set(ids)].filter((id) => id !== caller.id);
  if (others.length === 0) return views;
  const viewer = await accessViewerOf(ctx.db, caller);
  if (readScope(viewer) === 'none') return views;
  const communityTab = await ctx.deps.communityTab(ctx.db);
  const names = await memberNames(ctx.db, others);
  const readable = new Map<string, ProfileAccess>();
  const withContact: Record<ProfileType, string[]> = { expert: [], company: [] };
  for (const id of others) {
    const name = names.get(id);
    if (!name) continue;
    const { access } = await accessTo(ctx.db, caller, id, communityTab, ctx.deps.relationshipOf);
    if (access === 'none') continue;
    readable.set(id, access);
    if (access === 'contact') withContact[name.kind].push(id);
  }
  const contacts = new Map([
    ...(await counterpartsOf(ctx.db, 'expert', withContact.expert)),
    ...(await counterpartsOf(ctx.db, 'company', withContact.company)),
  ]);
  for (const [id, access] of readable) {
    const { kind, name } = names.get(id)!;
    const contact = access === 'contact' ? (contacts.get(id)?.contact ?? null) : null;
    views.set(id, { id, kind, name, contact });
  }
  return views;
}
