import type {
  CrmBoardResponse,
  CrmContactsResponse,
  CrmDeal,
  CrmDealResponse,
  CrmDeliveriesResponse,
} from '@intergen/contracts';
import { type CrmPipeline, crmErrors, crmTexts, pipelineStages } from '@intergen/domain';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { listOutboxRows, retryOutboxRow } from '../../outbox/admin.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './crm.repository.ts';
import type { CrmContext } from './crm.service.ts';
import { crmTopicNames } from './crm.topics.ts';

/** How many deals each column of the board shows (its total is counted in full). */
const dealsPerStage = 50;
const contactsPerPage = 25;

function toDeal(row: repo.DealRow): CrmDeal {
  return { ...row, createdAt: row.createdAt.getTime(), updatedAt: row.updatedAt.getTime() };
}

/** The pipeline board of the built-in CRM: every stage in order, its count and its newest deals. */
export async function dealBoard(ctx: CrmContext, pipeline: CrmPipeline): Promise<CrmBoardResponse> {
  const stages = pipelineStages(pipeline);
  const { deals, counts } = await repo.dealBoard(ctx.db, pipeline, stages, dealsPerStage);
  return {
    gateway: ctx.gateway.name,
    pipeline,
    columns: stages.map((stage) => ({
      stage,
      total: counts.get(stage) ?? 0,
      deals: deals.filter((d) => d.stage === stage).map(toDeal),
    })),
  };
}

/** One deal and every stage it entered. */
export async function dealDetail(ctx: CrmContext, id: string): Promise<CrmDealResponse> {
  const row = await repo.findDealRow(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', crmErrors.invalidDealId);
  const history = await repo.dealHistory(ctx.db, id);
  return { deal: toDeal(row), history: history.map((h) => ({ ...h, at: h.at.getTime() })) };
}

const ContactCursorSchema = z.object({ name: z.string(), id: z.string() });
const encodeCursor = (c: { name: string; id: string }) =>
  Buffer.from(JSON.stringify(c)).toString('base64url');
function decodeCursor(cursor: string | undefined) {
  if (!cursor) return undefined;
  try {
    const parsed = ContactCursorSchema.safeParse(
      JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')),
    );
    return parsed.success && !/\0/.test(parsed.data.name + parsed.data.id) ? parsed.data : undefined;
  } catch {
    return undefined; // a forged cursor starts the list over
  }
}

/** The contacts by name, optionally matching a search on name or e-mail; `nextCursor` pages on. */
export async function contactList(
  ctx: CrmContext,
  query: { q?: string | undefined; cursor?: string | undefined },
): Promise<CrmContactsResponse> {
  const rows = await repo.listContacts(ctx.db, {
    q: query.q,
    after: decodeCursor(query.cursor),
    limit: contactsPerPage + 1,
  });
  const page = rows.slice(0, contactsPerPage);
  const last = page.at(-1);
  return {
    contacts: page.map((c) => ({
      id: c.id,
      memberId: c.memberId,
      kind: c.kind,
      name: c.name,
      email: c.email,
      properties: c.properties,
      updatedAt: c.updatedAt.getTime(),
    })),
    nextCursor: rows.length > contactsPerPage && last ? encodeCursor({ name: last.name, id: last.id }) : null,
  };
}

/** The CRM deliveries parked as dead, newest first, each with what it carried and its last error. */
export async function deadDeliveries(ctx: CrmContext): Promise<CrmDeliveriesResponse> {
  const { rows } = await listOutboxRows(ctx.db, { topics: crmTopicNames, status: 'dead', limit: 100 });
  return {
    deliveries: rows.map((r) => ({
      id: r.id,
      topic: r.topic,
      // A crm.contact row carries no event type: its description is its topic.
      what: r.description === r.topic ? 'contact' : r.description,
      attempts: r.attempts,
      lastError: r.lastError,
      createdAt: r.createdAt,
    })),
  };
}

/** Queues a dead CRM delivery again, audited as the admin's outbox retry; 404 when there is no such dead row. */
export async function retryDelivery(ctx: CrmContext, id: number, actorId: string): Promise<void> {
  const done = await ctx.db.transaction(async (tx) => {
    const { outcome } = await retryOutboxRow(tx, id, { topics: crmTopicNames, onlyDead: true });
    if (outcome !== 'done') return false;
    await recordAudit(tx, { actorId, action: 'outbox.retry', target: String(id), details: { from: 'crm' } });
    return true;
  });
  if (!done) throw new AppError('NOT_FOUND', crmTexts.deliveryNotFound);
  ctx.afterCommit();
}
