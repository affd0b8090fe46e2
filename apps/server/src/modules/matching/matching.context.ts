import { limits } from '@intergen/domain';
import type { Database, Db, Executor } from '../../db/client.ts';
import { newId } from '../../lib/crypto.ts';
import type { PublishEvent } from '../events/index.ts';
import { publishAdminLive, publishLive } from '../live/index.ts';
import * as members from '../members/index.ts';
import { createNotification } from '../notifications/index.ts';
import { readMatchingThresholds } from '../settings/index.ts';
import { CounterpartStore } from './counterparts.ts';
import * as repo from './matching.repository.ts';

/** Scores are written in statements of this many pairs. */
export const SCORE_CHUNK = 10_000;

/**
 * A pair's score is stored only when it is a strong match (≥ the community score minimum, 80): the stored
 * scores are what the community lists rank and filter by ("Strong matches") and what admins browse. A weaker
 * score is computed when it is shown, from the two profiles (`pairScore`, the community cards). Storing every
 * pair would be 10¹⁰ rows at 100,000 × 100,000 (docs/ARCHITECTURE.md, "Which scores are stored").
 */
export const STORED_SCORE_MINIMUM = limits.communityScoreMinimum;

/** The thresholds of automatic suggestions (settings `matching`). */
export interface MatchingSettings {
  topN: number;
  minScore: number;
}

/** Reads the community-tab flag in effect now (the settings service's `communityTab`). */
export type CommunityTabSource = (ex: Executor) => Promise<boolean>;

export interface MatchingServiceDeps {
  database: Database;
  publishEvent: PublishEvent;
  /**
   * The community-tab flag: the matching lists are the community lists and exist only while it is on. The app
   * passes the settings' reader, so an admin's change applies to the next request; a boolean fixes it (benchmarks).
   */
  communityTab: boolean | CommunityTabSource;
  /** Called after a transaction that enqueued work has committed (nudges the outbox worker). */
  afterCommit: () => void;
  log?: { warn(obj: object, msg?: string): void };
  /** The clock suggestions and their notifications are dated with; the demo replays weeks with it. */
  now?: () => Date;
}

/** What every matching use case works with: the database handle and the service's dependencies. */
export interface MatchingContext {
  db: Db;
  publishEvent: PublishEvent;
  /** The community-tab flag in effect now. */
  communityTab: CommunityTabSource;
  afterCommit: () => void;
  /** This instance's packed counterparts, kept current by the members' change notices (counterparts.ts). */
  counterparts: CounterpartStore;
  now: () => Date;
}

/** Builds the context once per service. */
export function matchingContext(deps: MatchingServiceDeps): MatchingContext {
  const { database, publishEvent, communityTab, afterCommit } = deps;
  const flag = typeof communityTab === 'boolean' ? async () => communityTab : communityTab;
  return {
    db: database.db,
    publishEvent,
    communityTab: flag,
    afterCommit,
    counterparts: new CounterpartStore(database),
    now: deps.now ?? (() => new Date()),
  };
}

/**
 * The thresholds for automatic suggestions, as the settings module has them now (settings `matching`, defaults
 * and ranges from the domain), read in the caller's transaction.
 */
export function readSettings(ex: Executor): Promise<MatchingSettings> {
  return readMatchingThresholds(ex);
}

/**
 * Creates one suggestion unless the pair has one: each side joins the other's suggested ids, the pair's
 * score is stored when it is a strong match, the expert is notified and `suggestion.created` is published, all in the caller's
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
  const at = ctx.now();
  const inserted = await repo.insertSuggestion(tx, {
    id,
    createdAt: at,
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
  if (s.score >= STORED_SCORE_MINIMUM) {
    await repo.upsertScores(tx, [{ expertId: s.expertId, companyId: s.companyId, score: s.score }]);
  }
  await createNotification(tx, {
    userId: s.expertId,
    kind: 'suggestion',
    suggestionId: id,
    counterpartId: s.companyId,
    createdAt: at,
  });
  await publishLive(tx, [s.expertId, s.companyId], ['suggestions', 'notifications']);
  await publishAdminLive(tx, ['adminSuggestions', 'adminScores']);
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
