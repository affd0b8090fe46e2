import type { DealLostReason } from './connections.ts';
import { dealLostReasons } from './connections.ts';
import {
  type NetworkLostReason,
  networkLostReasonNames,
  networkStageNames,
  networkStages,
} from './network.ts';

/**
 * The CRM mirror beyond its words (texts/crm.ts): the connection deal's stages (spec 000 §4 "CRM deal stages"),
 * which pipeline a stage belongs to, the lost reasons each accepts, and how contact properties are written
 * (spec 001 §7). The My Network stages and reasons are in network.ts.
 */

/** The connection deal's stages, in the pipeline's order (spec 000 §4). */
export const dealStages = {
  requested: 'Connection Requested',
  pending: 'Connection Pending',
  complete: 'Connection Complete',
  closed: 'Connection Closed',
  surveySent: 'Survey Sent',
  abandoned: 'Connection Abandoned',
} as const;
export type DealStage = (typeof dealStages)[keyof typeof dealStages];
export const dealStageNames = Object.values(dealStages) as [DealStage, ...DealStage[]];

/** The two pipelines: a connection between an expert and a venture, and My Network between two experts. */
export const crmPipelines = ['connection', 'network'] as const;
export type CrmPipeline = (typeof crmPipelines)[number];

/** Every stage of a pipeline, in board order. */
export function pipelineStages(pipeline: CrmPipeline): readonly string[] {
  return pipeline === 'connection' ? dealStageNames : networkStageNames;
}

/** The stage that ends a deal as lost, and so requires a lost reason (and only it accepts one). */
export function lostStageOf(pipeline: CrmPipeline): string {
  return pipeline === 'connection' ? dealStages.abandoned : networkStages.rejected;
}

/**
 * The stages where a deal has ended (closed, surveyed, lost; My Network accepted or rejected): such a deal is
 * never "not moving", whatever its time in the stage.
 */
export function closedStagesOf(pipeline: CrmPipeline): readonly string[] {
  return pipeline === 'connection'
    ? [dealStages.closed, dealStages.surveySent, dealStages.abandoned]
    : [networkStages.accepted, networkStages.rejected];
}

/** The lost reasons a pipeline accepts. */
export function lostReasonsOf(pipeline: CrmPipeline): readonly (DealLostReason | NetworkLostReason)[] {
  return pipeline === 'connection' ? dealLostReasons : networkLostReasonNames;
}

/** Why a suggestion was dismissed, as the CRM's lost reason: the side that passed over the other's recommendation. */
export function recommendationLostReason(dismissedBy: 'expert' | 'company'): DealLostReason {
  return dismissedBy === 'expert'
    ? 'expert_declined_venture_recommendation'
    : 'venture_declined_expert_recommendation';
}

/**
 * A stage change may not take a finished deal back: once Survey Sent, a later close leaves it there; once
 * abandoned, only a new request (Requested or Pending) reopens it.
 */
export function nextDealStage(current: DealStage | null, wanted: DealStage): DealStage {
  if (current === dealStages.surveySent && wanted === dealStages.closed) return current;
  return wanted;
}

/** A moment as the CRM's "last login" shows it: America/Denver local time, `2026-11-24 07:05 MST`. */
export function mountainTime(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Denver',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')} ${part('timeZoneName')}`;
}

/** The names of the flags that are on, joined as the CRM's multi-select wants them: `event;linkedin`. */
export function semicolonJoined(flags: Record<string, boolean | undefined> | null | undefined): string {
  return Object.entries(flags ?? {})
    .filter(([, on]) => on === true)
    .map(([name]) => name)
    .join(';');
}
