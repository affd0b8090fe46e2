import type {
  CrmBoardQuery,
  CrmBoardResponse,
  CrmContactsResponse,
  CrmDeal,
  CrmDealResponse,
  CrmDeliveriesResponse,
} from '@intergen/contracts';
import { crmErrors, crmTexts, lostReasonsOf, pipelineStages } from '@intergen/domain';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors.ts';
import { listOutboxRows, retryOutboxRow } from '../../outbox/admin.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './crm.repository.ts';
import type { CrmContext } from './crm.service.ts';
import { crmTopicNames } from './crm.topics.ts';

/** How many deals a column of the board shows at a time (its total is counted in full; the rest page on). */
export const dealsPerStage = 50;
const contactsPerPage = 25;

function toDeal(row: repo.DealRow): CrmDeal {
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

const dayMs = 86_400_000;

/** The board's query as checked values: a stage and lost reason of the pipeline, days as UTC instants. */
function boardFilter(query: CrmBoardQuery) {
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
  const filter: repo.DealFilter = { q: query.q || undefined, lostReason: query.lostReason, since, before };
  return { stages: query.stage ? [query.stage] : stages, filter };
}

/**
 * The pipeline board of the built-in CRM: every stage in order (or the one asked for), how many deals match
 * the search and filters, and a page of them, newest change first; a column's `nextCursor` reads on, so every
 * deal is reachable however many there are.
 */
export async function dealBoard(ctx: CrmContext, query: CrmBoardQuery): Promise<CrmBoardResponse> {
  const { stages, filter } = boardFilter(query);
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
    columns: stages.map((stage, i) => {
      const rows = pages[i]!;
      const page = rows.slice(0, dealsPerStage);
      const last = page.at(-1);
      return {
        stage,
        total: counts.get(stage) ?? 0,
        deals: page.map(toDeal),
        nextCursor:
          rows.length > dealsPerStage && last ? encodeDealCursor({ at: last.cursorAt, id: last.id }) : null,
      };
    }),
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
