import { matchingDefaults } from '@intergen/domain';
import { z } from 'zod';
import type { Database, Db, Executor } from '../../db/client.ts';
import { newId } from '../../lib/crypto.ts';
import type { PublishEvent } from '../events/index.ts';
import { publishLive } from '../live/index.ts';
import * as members from '../members/index.ts';
import { createNotification } from '../notifications/index.ts';
import { readSetting } from '../settings/index.ts';
import * as repo from './matching.repository.ts';

/** Scores are written in statements of this many pairs. */
export const SCORE_CHUNK = 10_000;

const MatchingSettingsSchema = z.object({
  topN: z.number().int().min(0).max(100).catch(matchingDefaults.topN),
  minScore: z.number().int().min(0).max(100).catch(matchingDefaults.minScore),
});
export type MatchingSettings = z.infer<typeof MatchingSettingsSchema>;

export interface MatchingServiceDeps {
  database: Database;
  publishEvent: PublishEvent;
  /** The community-tab flag: the matching lists are the community lists and exist only while it is on. */
  communityTab: boolean;
  /** Called after a transaction that enqueued work has committed (nudges the outbox worker). */
  afterCommit: () => void;
  log?: { warn(obj: object, msg?: string): void };
}

/** What every matching use case works with: the database handle and the service's dependencies. */
export interface MatchingContext {
  db: Db;
  publishEvent: PublishEvent;
  communityTab: boolean;
  afterCommit: () => void;
}

/** Builds the context once per service. */
export function matchingContext(deps: MatchingServiceDeps): MatchingContext {
  const { database, publishEvent, communityTab, afterCommit } = deps;
  return { db: database.db, publishEvent, communityTab, afterCommit };
}

/** The thresholds for automatic suggestions: settings key `matching`, defaults from the domain. */
export async function readSettings(ex: Executor): Promise<MatchingSettings> {
  const stored = await readSetting(ex, matchingDefaults.settingsKey);
  const value = stored && typeof stored === 'object' ? stored : {};
  return MatchingSettingsSchema.parse({
    topN: matchingDefaults.topN,
    minScore: matchingDefaults.minScore,
    ...value,
  });
}

/**
 * Creates one suggestion unless the pair has one: each side joins the other's suggested ids, the pair's
 * score is stored, the expert is notified and `suggestion.created` is published, all in the caller's
 * transaction. Returns the pair's suggestion id and whether it was made now.
 */
export async function createSuggestionIn(
  ctx: MatchingContext,
  tx: Executor,
  s: {
    expertId: string;
    companyId: string;
    score: number;
    position: number;
    createdBy: string;
    sourceEventId?: number;
  },
): Promise<{ id: string; created: boolean }> {
  const { publishEvent } = ctx;
  const id = newId();
  const inserted = await repo.insertSuggestion(tx, {
    id,
    expertId: s.expertId,
    companyId: s.companyId,
    position: s.position,
    createdBy: s.createdBy,
    sourceEventId: s.sourceEventId ?? null,
  });
  if (!inserted) {
    const existing = await repo.findSuggestionByPair(tx, s.expertId, s.companyId);
    return { id: existing!.id, created: false };
  }
  await members.addSuggestedIds(tx, s.expertId, s.companyId);
  await repo.upsertScores(tx, [{ expertId: s.expertId, companyId: s.companyId, score: s.score }]);
  await createNotification(tx, {
    userId: s.expertId,
    kind: 'suggestion',
    suggestionId: id,
    counterpartId: s.companyId,
  });
  await publishLive(tx, [s.expertId, s.companyId], ['suggestions', 'notifications']);
  await publishEvent(tx, {
    type: 'suggestion.created',
    userId: s.expertId,
    payload: {
      suggestionId: id,
      expertId: s.expertId,
      companyId: s.companyId,
      score: s.score,
      position: s.position,
      createdBy: s.createdBy,
    },
  });
  return { id, created: true };
}
