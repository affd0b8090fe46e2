import type {
  CrmBoardQuery,
  CrmBoardResponse,
  CrmContactsResponse,
  CrmDeal,
  CrmDealResponse,
  CrmDeliveriesResponse,
  CrmMoveDealBody,
} from '@intergen/contracts';
import { closedStagesOf, crmErrors, crmTexts, lostReasonsOf, pipelineStages } from '@intergen/domain';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors.ts';
import { listOutboxRows, retryOutboxRow } from '../../outbox/admin.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './crm.repository.ts';
import { type CrmContext, checkStage } from './crm.service.ts';
import { crmTopicNames } from './crm.topics.ts';

/** How many deals a column of the board shows at a time (its total is counted in full; the rest page on). */
export const dealsPerStage = 50;
const contactsPerPage = 25;

/**
 * What the board reads besides the CRM: the clock (time in stage) and the admin setting of after how many days
 * in one stage an open deal is marked as not moving.
 */
export interface BoardContext extends CrmContext {
  now: () => Date;
  stalledDealDays: () => Promise<number>;
}

const dayMs = 86_400_000;

/** Deals that entered their stage before this instant have not moved for the setting's days. */
const stalledCutoff = (ctx: BoardContext, days: number) => new Date(ctx.now().getTime() - days * dayMs);

const isStalled = (row: repo.DealRow, cutoff: Date) =>
  row.enteredStageAt < cutoff && !closedStagesOf(row.pipeline).includes(row.stage);

function toDeal(row: repo.DealRow, cutoff: Date): CrmDeal {
  return {
    id: row.id,
    pipeline: row.pipeline,
    stage: row.stage,
    lostReason: row.lostReason,
    properties: row.properties,
    first: row.first,
    second: row.second,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
    enteredStageAt: row.enteredStageAt.getTime(),
    stalled: isStalled(row, cutoff),
  };
}

const DealCursorSchema = z.object({ at: z.string().max(64), id: z.string().max(200) });
const encodeDealCursor = (c: repo.DealCursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decodeDealCursor(cursor: string): repo.DealCursor {
  try {
    const parsed = DealCursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (Number.isNaN(Date.parse(parsed.at)) || /\0/.test(parsed.at + parsed.id)) throw new Error();
    return parsed;
  } catch {
    throw badRequest('VALIDATION_FAILED', crmTexts.badCursor, [
      { path: 'cursor', message: crmTexts.badCursor },
    ]);
  }
}

/** The board's query as checked values: a stage and lost reason of the pipeline, days as UTC instants. */
function boardFilter(query: CrmBoardQuery, cutoff: Date) {
  const invalid = (path: string, message: string) =>
    badRequest('VALIDATION_FAILED', message, [{ path, message }]);
  const stages = pipelineStages(query.pipeline);
  if (query.stage !== undefined && !stages.includes(query.stage)) {
    throw invalid('stage', crmErrors.stageDoesNotExist);
  }
  if (query.lostReason !== undefined && !lostReasonsOf(query.pipeline).some((r) => r === query.lostReason)) {
    throw invalid('lostReason', crmErrors.invalidDealReason);
  }
  if (query.cursor !== undefined && query.stage === undefined)
    throw invalid('stage', crmTexts.cursorNeedsStage);
  const since = query.from ? new Date(`${query.from}T00:00:00Z`) : undefined;
  const before = query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + dayMs) : undefined;
  if (since && before && since >= before) throw invalid('to', crmTexts.badDateRange);
  const filter: repo.DealFilter = {
    q: query.q || undefined,
    lostReason: query.lostReason,
    since,
    before,
    stalledBefore:
      query.stalled === 'true' ? { at: cutoff, closedStages: closedStagesOf(query.pipeline) } : undefined,
  };
  return { stages: query.stage ? [query.stage] : stages, filter };
}

/**
 * The pipeline board of the built-in CRM: every stage in order (or the one asked for), how many deals match
 * the search and filters, and a page of them, newest change first; a column's `nextCursor` reads on, so every
 * deal is reachable however many there are.
 */
export async function dealBoard(ctx: BoardContext, query: CrmBoardQuery): Promise<CrmBoardResponse> {
  const stalledAfterDays = await ctx.stalledDealDays();
  const cutoff = stalledCutoff(ctx, stalledAfterDays);
  const { stages, filter } = boardFilter(query, cutoff);
  const after = query.cursor ? decodeDealCursor(query.cursor) : undefined;
  const [counts, pages] = await Promise.all([
    repo.countDealsByStage(ctx.db, query.pipeline, filter),
    Promise.all(
      stages.map((stage) => repo.dealPage(ctx.db, query.pipeline, stage, filter, after, dealsPerStage + 1)),
    ),
  ]);
  return {
    gateway: ctx.gateway.name,
    pipeline: query.pipeline,
    stalledAfterDays,
    columns: stages.map((stage, i) => {
      const rows = pages[i]!;
      const page = rows.slice(0, dealsPerStage);
      const last = page.at(-1);
      return {
        stage,
        total: counts.get(stage) ?? 0,
        deals: page.map((row) => toDeal(row, cutoff)),
        nextCursor:
          rows.length > dealsPerStage && last ? encodeDealCursor({ at: last.cursorAt, id: last.id }) : null,
      };
    }),
  };
}

/** One deal and every stage it entered. */
export async function dealDetail(ctx: BoardContext, id: string): Promise<CrmDealResponse> {
  const row = await repo.findDealRow(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', crmErrors.invalidDealId);
  const [history, days] = await Promise.all([repo.dealHistory(ctx.db, id), ctx.stalledDealDays()]);
  return {
    deal: toDeal(row, stalledCutoff(ctx, days)),
    history: history.map((h) => ({ ...h, at: h.at.getTime() })),
  };
}

/**
 * The admin's move of a deal on the board, checked as the proxy's deal update checks it (`checkStage`: a stage of
 * the deal's pipeline; the lost stage with one of its lost reasons, any other stage none, so leaving the lost
 * stage clears the reason). The stage history gets its row as the mirror writes it, and the audit log who moved
 * which deal from where to where, in the same transaction. A move to where the deal is changes nothing. Only the
 * built-in CRM's deals are on the board: with HubSpot they are moved in HubSpot.
 */
export async function moveBoardDeal(
  ctx: BoardContext,
  actorId: string,
  id: string,
  body: CrmMoveDealBody,
): Promise<CrmDealResponse> {
  if (ctx.gateway.name !== 'local') throw new AppError('CONFLICT', crmTexts.moveNotOffered);
  await ctx.db.transaction(async (tx) => {
    const deal = await repo.lockDeal(tx, id);
    if (!deal) throw new AppError('NOT_FOUND', crmErrors.invalidDealId);
    const lostReason = checkStage(deal.pipeline, body.stage, body.lostReason);
    if (deal.stage === body.stage && deal.lostReason === lostReason) return;
    await repo.updateDeal(tx, id, { stage: body.stage, lostReason, at: ctx.now() });
    await recordAudit(tx, {
      actorId,
      action: 'crm.deal.move',
      target: id,
      // As the audit page shows a change: each value before → after.
      details: {
        pipeline: deal.pipeline,
        before: { stage: deal.stage, lostReason: deal.lostReason },
        after: { stage: body.stage, lostReason },
      },
    });
  });
  return dealDetail(ctx, id);
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
