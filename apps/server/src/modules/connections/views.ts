import type { ConnectionBuckets, ConnectionRequest } from '@intergen/contracts';
import { surveyFormsSettingKey } from '@intergen/domain';
import { z } from 'zod';
import type { Caller } from '../../http/caller.ts';
import { readSetting } from '../settings/index.ts';
import { type ConnectionsContext, viewingMember, viewOf, withCounterparts } from './connections.context.ts';
import { toBuckets } from './connections.model.ts';
import * as repo from './connections.repository.ts';

const SurveyFormsSchema = z
  .object({
    expert: z.string().url().optional().catch(undefined),
    company: z.string().url().optional().catch(undefined),
  })
  .catch({});

/** One of the caller's requests. */
export function getRequest(
  { db }: ConnectionsContext,
  caller: Caller,
  id: string,
): Promise<ConnectionRequest> {
  return viewOf(db, caller, id);
}

/** The caller's buckets (spec 000 §4) and the hosted survey form of their role, if one is configured. */
export async function listBuckets({ db }: ConnectionsContext, caller: Caller): Promise<ConnectionBuckets> {
  const me = await viewingMember(db, caller);
  const rows = await withCounterparts(db, me, await repo.listRequestsOf(db, me.side, me.id));
  const forms = SurveyFormsSchema.parse((await readSetting(db, surveyFormsSettingKey)) ?? {});
  return { ...toBuckets(rows, me), surveyFormUrl: forms[me.side] ?? null };
}
