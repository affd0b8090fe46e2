import { createHash } from 'node:crypto';
import type { Executor } from '../../db/client.ts';
import * as repo from './crm.repository.ts';
import type { CrmProperties } from './properties.ts';

/**
 * Only what changed: the mirror remembers a digest of every property it delivered to a CRM record, and an update
 * sends the properties whose value differs from the one last delivered. A property never delivered is sent (null
 * as a clear); one we cleared and now fill, or filled and now clear, is a change. Whatever a CRM user typed by
 * hand into a property whose value on our side did not change is left alone.
 */

/** The memory's key of a contact or a deal (the CRM's id: a record made again under a new id starts afresh). */
export const sentKey = (kind: 'contact' | 'deal', crmId: string) => `${kind}:${crmId}`;

const digestOf = (value: string | number | null) =>
  createHash('sha256')
    .update(value === null ? '\u0000' : String(value))
    .digest('base64url')
    .slice(0, 22);

const digestsOf = (properties: CrmProperties) =>
  Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, digestOf(v)]));

/** The properties of `properties` that differ from what was last delivered to `record`. */
export async function changedSince(
  ex: Executor,
  record: string,
  properties: CrmProperties,
): Promise<CrmProperties> {
  const sent = await repo.sentDigests(ex, record);
  return Object.fromEntries(Object.entries(properties).filter(([k, v]) => sent[k] !== digestOf(v)));
}

/** Remembers these properties as delivered to `record` (after the CRM took them). */
export const rememberSent = (ex: Executor, record: string, properties: CrmProperties) =>
  repo.recordSent(ex, record, digestsOf(properties));

export const forgetSentOf = (ex: Executor, records: string[]) => repo.forgetSent(ex, records);
