import type {
  CreateSuggestionResponse,
  DismissSuggestionBody,
  MatchCandidate,
  MatchExplanation,
  MatchingListQuerySchema,
  MatchingListResponse,
  MatchingRun,
  Suggestion,
} from '@intergen/contracts';
import {
  type CompanyMatchFacets,
  deriveProfileStatus,
  type ExpertMatchFacets,
  matchingDefaults,
  matchingTexts,
  type ProfileType,
  packCompanies,
  packExperts,
  profileTexts,
  scoreCompanyVsExperts,
  scoreExpertVsCompanies,
  topMatches,
} from '@intergen/domain';
import { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import type { Caller } from '../../http/caller.ts';
import { newId } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { enqueue } from '../../outbox/outbox.ts';
import type { DomainEventMessage, PublishEvent } from '../events/events.ts';
import { publishLive } from '../live/live.ts';
import { requireCommunityList, requireMemberReader } from '../members/members.access.ts';
import { createNotification } from '../notifications/notifications.repository.ts';
import { explanationOf, toListItem, toProfileCard } from './matching.model.ts';
import { memberSide } from './matching.policy.ts';
import * as repo from './matching.repository.ts';
import { matchingRunTopic } from './matching.topics.ts';

/** Scores are written in statements of this many pairs. */
const SCORE_CHUNK = 10_000;
/** Attempts of a batch before it is reported failed. */
const RUN_MAX_ATTEMPTS = 3;
/** Options an admin picker shows at most. */
const CANDIDATE_LIMIT = 20;

const MatchingSettingsSchema = z.object({
  topN: z.number().int().min(0).max(100).catch(matchingDefaults.topN),
  minScore: z.number().int().min(0).max(100).catch(matchingDefaults.minScore),
});
export type MatchingSettings = z.infer<typeof MatchingSettingsSchema>;

export type MatchingListQueryInput = z.output<typeof MatchingListQuerySchema>;

export interface MatchingServiceDeps {
  database: Database;
  publishEvent: PublishEvent;
  /** The community-tab flag: the matching lists are the community lists and exist only while it is on. */
  communityTab: boolean;
  /** Called after a transaction that enqueued work has committed (nudges the outbox worker). */
  afterCommit: () => void;
  log?: { warn(obj: object, msg?: string): void };
}

const expertMissing = (id: string) => new AppError('NOT_FOUND', matchingTexts.expertMissing(id));
const companyMissing = (id: string) => new AppError('NOT_FOUND', matchingTexts.companyMissing(id));
const suggestionNotFound = () => new AppError('NOT_FOUND', matchingTexts.suggestionNotFound);

function toRunView(run: repo.MatchingRunRow): MatchingRun {
  return {
    id: run.id,
    status: run.status,
    pairs: Number(run.pairs),
    written: Number(run.written),
    suggestionsCreated: run.suggestionsCreated,
    startedAt: run.startedAt?.getTime() ?? null,
    finishedAt: run.finishedAt?.getTime() ?? null,
    error: run.error,
  };
}

/** Writes scores in chunks; returns how many rows changed. */
async function writeScores(ex: Executor, rows: repo.ScoreRow[]): Promise<number> {
  let written = 0;
  for (let i = 0; i < rows.length; i += SCORE_CHUNK) {
    written += await repo.upsertScores(ex, rows.slice(i, i + SCORE_CHUNK));
  }
  return written;
}

/** The scores of one profile against every published counterpart, with who dismissed whom. */
function scoreAgainst(
  member: repo.MatchingMember,
  counterparts: repo.FacetList<ExpertMatchFacets> | repo.FacetList<CompanyMatchFacets>,
): { rows: repo.ScoreRow[]; scores: Uint8Array } {
  const { ids } = counterparts;
  if (member.kind === 'company') {
    const scores = scoreCompanyVsExperts(
      member.facets,
      packExperts(counterparts.facets as ExpertMatchFacets[]),
    );
    return {
      scores,
      rows: ids.map((expertId, i) => ({ expertId, companyId: member.id, score: scores[i]! })),
    };
  }
  const scores = scoreExpertVsCompanies(
    member.facets,
    packCompanies(counterparts.facets as CompanyMatchFacets[]),
  );
  return { scores, rows: ids.map((companyId, i) => ({ expertId: member.id, companyId, score: scores[i]! })) };
}

/**
 * Matching: scores, suggestions (admin-made and automatic), the members' suggestion lists and dismissals, the
 * matching lists, and the admin's full batch. Scoring runs only in outbox jobs, never in a member's request.
 */
export function createMatchingService(deps: MatchingServiceDeps) {
  const { database, publishEvent, afterCommit } = deps;
  const { db } = database;

  /** The thresholds for automatic suggestions: settings key `matching`, defaults from the domain. */
  async function readSettings(ex: Executor): Promise<MatchingSettings> {
    const stored = await repo.readSetting(ex, matchingDefaults.settingsKey);
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
  async function createSuggestionIn(
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
    await repo.addSuggestedIds(tx, s.expertId, s.companyId);
    await repo.upsertScores(tx, [{ expertId: s.expertId, companyId: s.companyId, score: s.score }]);
    await createNotification(tx, { userId: s.expertId, kind: 'suggestion', suggestionId: id });
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

  /** The pair's members for the admin: each must exist with the right kind. */
  async function pairOf(ex: Executor, expertId: string, companyId: string) {
    const expert = await repo.findMember(ex, expertId);
    if (expert?.kind !== 'expert') throw expertMissing(expertId);
    const company = await repo.findMember(ex, companyId);
    if (company?.kind !== 'company') throw companyMissing(companyId);
    return { expert, company };
  }

  async function listPage(
    rows: Promise<repo.ListedRow[]>,
    kind: ProfileType,
    pageSize: number,
  ): Promise<MatchingListResponse> {
    const found = await rows;
    const hasMore = found.length > pageSize;
    const items = found.slice(0, pageSize).map((r) => toListItem(kind, r));
    return { items, hasMore, nextCursor: hasMore ? items[items.length - 1]!.id : null };
  }

  function listFilter(query: MatchingListQueryInput): repo.ListFilter {
    const searchText = query.searchText?.trim().toLowerCase();
    return {
      searchText: searchText || undefined,
      industries: [...new Set(query.industries)],
      expertise: [...new Set(query.expertise)],
      investments: query.investments,
      boardPositions: query.boardPositions,
      cursor: query.cursor || undefined,
      pageSize: query.pageSize,
    };
  }

  return {
    readSettings: () => readSettings(db),

    // Admin

    /**
     * An admin's suggestion (spec 001 §5): the expert must exist and be published or pending, the company exist
     * and be published; a pair that already has one is silently ignored (`created: false`, same id).
     */
    async createSuggestion(
      adminId: string,
      body: { expertId: string; companyId: string },
    ): Promise<CreateSuggestionResponse> {
      const result = await db.transaction(async (tx) => {
        const { expert, company } = await pairOf(tx, body.expertId, body.companyId);
        if (!expert.published && !expert.pending) {
          throw new AppError('INVALID_STATE', matchingTexts.expertNotPublished);
        }
        if (!company.published) throw new AppError('INVALID_STATE', matchingTexts.companyIncomplete);
        const explanation = explanationOf(
          expert.facets as ExpertMatchFacets,
          company.facets as CompanyMatchFacets,
        );
        const made = await createSuggestionIn(tx, {
          expertId: expert.id,
          companyId: company.id,
          score: explanation.score,
          position: 0,
          createdBy: adminId,
        });
        return { suggestionId: made.id, created: made.created, explanation };
      });
      if (result.created) afterCommit();
      return result;
    },

    /** The score of a pair and why, before an admin creates the suggestion. */
    async preview(expertId: string, companyId: string): Promise<MatchExplanation> {
      const { expert, company } = await pairOf(db, expertId, companyId);
      return explanationOf(expert.facets as ExpertMatchFacets, company.facets as CompanyMatchFacets);
    },

    /** Picker options: experts published or pending, companies published, by name. */
    async candidates(kind: ProfileType, search: string | undefined): Promise<MatchCandidate[]> {
      const rows = await repo.listCandidates(
        db,
        kind,
        search?.trim().toLowerCase() || undefined,
        CANDIDATE_LIMIT,
      );
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        companyName: r.companyName,
        status: deriveProfileStatus({
          profilePublished: r.published,
          profilePending: r.pending,
          profileComplete: true,
          pausedDate: null,
          deactivatedDate: null,
          disableReason: null,
        }),
      }));
    },

    /**
     * Queues a full batch (every published expert against every published company) on the outbox. While one
     * is queued or running, that one is answered instead of starting another.
     */
    async startRun(adminId: string): Promise<{ run: MatchingRun; started: boolean }> {
      const result = await db.transaction(async (tx) => {
        // One batch at a time, even when two admins press the button together.
        await repo.lockRuns(tx);
        const active = await repo.activeRun(tx);
        if (active) return { run: active, started: false };
        const run = await repo.insertRun(tx, { id: newId(), status: 'queued', requestedBy: adminId });
        await enqueue(
          tx,
          matchingRunTopic.message(
            { runId: run.id },
            { idempotencyKey: `${matchingRunTopic.name}:${run.id}`, maxAttempts: RUN_MAX_ATTEMPTS },
          ),
        );
        return { run, started: true };
      });
      if (result.started) afterCommit();
      return { run: toRunView(result.run), started: result.started };
    },

    async latestRun(): Promise<MatchingRun | null> {
      const run = await repo.latestRun(db);
      return run ? toRunView(run) : null;
    },

    // Members

    /**
     * The caller's suggestions: not requested, not dismissed by the caller, counterpart still published;
     * newest first, each with the counterpart's card and why they match (from both profiles as they are now).
     */
    async listSuggestions(caller: Caller): Promise<Suggestion[]> {
      const side = memberSide(caller);
      await requireMemberReader(db, caller);
      const me = await repo.findMember(db, caller.id);
      if (!me) return [];
      const rows =
        side === 'expert'
          ? await repo.listSuggestionsOfExpert(db, me.id)
          : await repo.listSuggestionsOfCompany(db, me.id);
      const other: ProfileType = side === 'expert' ? 'company' : 'expert';
      return rows.map(({ suggestion: s, card, facets }) => ({
        id: s.id,
        expertId: s.expertId,
        companyId: s.companyId,
        createdAt: s.createdAt.getTime(),
        requestSent: s.requestSent,
        counterpart: toProfileCard(other, card),
        explanation:
          side === 'expert'
            ? explanationOf(me.facets as ExpertMatchFacets, facets as CompanyMatchFacets)
            : explanationOf(facets as ExpertMatchFacets, me.facets as CompanyMatchFacets),
      }));
    },

    /**
     * Dismisses a suggestion (an expert sets `notInterested`, a company `notInterestedByCompany`), or without
     * a suggestion id puts the member on the caller's not-interested list. Either way the pair is never
     * suggested again automatically; `suggestion.dismissed` is published when something changed.
     */
    async dismiss(caller: Caller, body: DismissSuggestionBody): Promise<{ changed: boolean }> {
      const side = memberSide(caller);
      return db.transaction(async (tx) => {
        await requireMemberReader(tx, caller);
        if (body.suggestionId) {
          const s = await repo.findSuggestion(tx, body.suggestionId);
          if (!s || (side === 'expert' ? s.expertId : s.companyId) !== caller.id) throw suggestionNotFound();
          const changed = await repo.markSuggestionDismissed(tx, s.id, side);
          if (changed) {
            await publishEvent(tx, {
              type: 'suggestion.dismissed',
              userId: caller.id,
              payload: {
                suggestionId: s.id,
                expertId: s.expertId,
                companyId: s.companyId,
                counterpartId: side === 'expert' ? s.companyId : s.expertId,
                dismissedBy: side,
              },
            });
          }
          return { changed };
        }
        const counterpartId = body.counterpartId!;
        const other = await repo.findMember(tx, counterpartId);
        if (!other || other.id === caller.id || (side === 'company' && other.kind !== 'expert')) {
          throw new AppError('NOT_FOUND', profileTexts.profileNotFound);
        }
        const list: repo.NotInterestedList =
          side === 'company'
            ? 'company.experts'
            : other.kind === 'company'
              ? 'expert.companies'
              : 'expert.experts';
        const changed = await repo.appendNotInterested(tx, list, caller.id, other.id);
        if (changed) {
          const pair =
            other.kind === side
              ? null
              : side === 'expert'
                ? { expertId: caller.id, companyId: other.id }
                : { expertId: other.id, companyId: caller.id };
          const suggestion = pair ? await repo.findSuggestionByPair(tx, pair.expertId, pair.companyId) : null;
          await publishEvent(tx, {
            type: 'suggestion.dismissed',
            userId: caller.id,
            payload: {
              suggestionId: suggestion?.id ?? null,
              ...(pair ?? {}),
              counterpartId: other.id,
              dismissedBy: side,
            },
          });
        }
        return { changed };
      });
    },

    /** An expert's expert community: published, non-private experts other than the caller. */
    async listExperts(caller: Caller, query: MatchingListQueryInput): Promise<MatchingListResponse> {
      await requireCommunityList(db, caller, 'experts', 'expert', deps.communityTab);
      const filter = listFilter(query);
      return listPage(repo.listExpertsPage(db, filter, { excludeId: caller.id }), 'expert', filter.pageSize);
    },

    /** A company's advisors: published, non-private experts, each with the stored score with the company. */
    async listExpertsForCompany(
      caller: Caller,
      query: MatchingListQueryInput,
    ): Promise<MatchingListResponse> {
      await requireCommunityList(db, caller, 'experts', 'company', deps.communityTab);
      const filter = listFilter(query);
      return listPage(
        repo.listExpertsPage(db, filter, { scoreWithCompany: caller.id }),
        'expert',
        filter.pageSize,
      );
    },

    /** An expert's ventures: published companies, each with the stored score with the expert. */
    async listCompanies(caller: Caller, query: MatchingListQueryInput): Promise<MatchingListResponse> {
      await requireCommunityList(db, caller, 'ventures', 'expert', deps.communityTab);
      const filter = listFilter(query);
      return listPage(
        repo.listCompaniesPage(db, filter, { scoreWithExpert: caller.id }),
        'company',
        filter.pageSize,
      );
    },

    // Jobs (called by the outbox handlers in matching.jobs.ts)

    /**
     * Scores one profile against every published counterpart and writes the changed scores. A published
     * profile or an expert awaiting approval is scored; anything else (paused, unpublished meanwhile) is left.
     * With `suggest`, a published profile also gets suggestions for its best counterparts (settings `matching`:
     * top N with score ≥ min), skipping pairs that have a suggestion or where either side is not interested.
     * The suggestions carry `eventId`, so a second delivery of the same event adds none.
     */
    async matchProfile(
      profileId: string,
      opts: { suggest: boolean; eventId: number },
    ): Promise<{ scored: number; written: number; suggestionsCreated: number }> {
      const member = await repo.findMember(db, profileId);
      if (!member || !(member.published || (member.kind === 'expert' && member.pending))) {
        return { scored: 0, written: 0, suggestionsCreated: 0 };
      }
      const counterparts =
        member.kind === 'company'
          ? await repo.listPublishedExpertFacets(db, member.id)
          : await repo.listPublishedCompanyFacets(db, member.id);
      const { rows, scores } = scoreAgainst(member, counterparts);
      const written = await writeScores(db, rows);
      if (!opts.suggest || !member.published) return { scored: rows.length, written, suggestionsCreated: 0 };

      const created = await db.transaction(async (tx) => {
        if (await repo.hasSuggestionsFromEvent(tx, opts.eventId)) return 0;
        const { topN, minScore } = await readSettings(tx);
        if (topN === 0) return 0;
        const fresh = await repo.findMember(tx, member.id);
        if (!fresh?.published) return 0;
        const taken = await repo.suggestedCounterparts(tx, member.kind, member.id);
        const notInterested = new Set(fresh.notInterested);
        const ids = counterparts.ids;
        const skip = (i: number) =>
          counterparts.dismissed[i] === true || taken.has(ids[i]!) || notInterested.has(ids[i]!);
        const best = topMatches(scores, topN, minScore, skip);
        let made = 0;
        for (const [rank, { index, score }] of best.entries()) {
          const other = ids[index]!;
          const pair =
            member.kind === 'expert'
              ? { expertId: member.id, companyId: other }
              : { expertId: other, companyId: member.id };
          const result = await createSuggestionIn(tx, {
            ...pair,
            score,
            position: rank + 1,
            createdBy: 'matcher',
            sourceEventId: opts.eventId,
          });
          if (result.created) made++;
        }
        return made;
      });
      if (created > 0) afterCommit();
      return { scored: rows.length, written, suggestionsCreated: created };
    },

    /**
     * The admin's full batch: every published expert against every published company, one expert at a time,
     * the changed scores written in chunks and the run's progress (pairs, written) updated as it goes. A run
     * already finished is left alone (the job may be delivered again); a retried run starts over.
     */
    async runBatch(runId: string, attempt: { attempts: number; maxAttempts?: number }): Promise<void> {
      const run = await repo.findRun(db, runId);
      if (!run || run.status === 'done' || run.status === 'failed') return;
      await repo.updateRun(db, runId, {
        status: 'running',
        startedAt: new Date(),
        finishedAt: null,
        pairs: 0,
        written: 0,
        error: null,
      });
      try {
        const experts = await repo.listPublishedExpertFacets(db);
        const companies = await repo.listPublishedCompanyFacets(db);
        const packed = packCompanies(companies.facets);
        const out = new Uint8Array(companies.ids.length);
        let pairs = 0;
        let written = 0;
        let pending: repo.ScoreRow[] = [];
        const flush = async () => {
          written += await repo.upsertScores(db, pending);
          pending = [];
          await repo.updateRun(db, runId, { pairs, written });
        };
        for (let e = 0; e < experts.ids.length; e++) {
          const expertId = experts.ids[e]!;
          scoreExpertVsCompanies(experts.facets[e]!, packed, out);
          for (let c = 0; c < companies.ids.length; c++) {
            pending.push({ expertId, companyId: companies.ids[c]!, score: out[c]! });
          }
          pairs += companies.ids.length;
          if (pending.length >= SCORE_CHUNK) await flush();
        }
        await flush();
        await repo.updateRun(db, runId, { status: 'done', finishedAt: new Date() });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const last = attempt.attempts >= (attempt.maxAttempts ?? RUN_MAX_ATTEMPTS);
        await repo.updateRun(db, runId, {
          status: last ? 'failed' : 'queued',
          error: message.slice(0, 2000),
          ...(last ? { finishedAt: new Date() } : {}),
        });
        throw error;
      }
    },
  };
}

export type MatchingService = ReturnType<typeof createMatchingService>;

/** How a domain event asks for matching, for the per-profile job; null when it asks for nothing. */
export function matchingRequestOf(
  message: DomainEventMessage,
): { profileId: string; suggest: boolean } | null {
  if (message.type === 'matching.requested') {
    const { profileId, reason } = message.payload;
    // Suggestions follow a publish or an approval (DESIGN.md §5). An expert's submit (no reason: the expert
    // awaits approval) and a changed field only rescore; so a submit whose job runs after the approval does
    // not add a second set to the approval's.
    return { profileId, suggest: reason === 'published' || reason === 'approved' };
  }
  // Back on the community (unpaused, reactivated): scores against counterparts published meanwhile.
  if (message.type === 'profile.unpaused' || message.type === 'profile.activated') {
    return { profileId: message.payload.profileId, suggest: false };
  }
  return null;
}
