import type { OwnProfile } from '@intergen/contracts';
import { type ProfileData, profileTexts } from '@intergen/domain';
import type { Database, Db, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import type { DomainEventOf, DomainEventPayload, ProfileEventType, PublishEvent } from '../events/index.ts';
import {
  type ContactField,
  findProfile,
  isContactField,
  type ProfileRowPatch,
  type RelationshipSource,
  type StoredProfile,
  updateContact,
  updateProfileRow,
} from '../members/index.ts';
import type { ImageStore } from './profiles.images.ts';
import { isComplete, toOwnProfile } from './profiles.model.ts';

/** What the profiles module reads of the run-time settings, each in effect now (in the caller's transaction). */
export interface ProfilesSettings {
  communityTab(ex: Executor): Promise<boolean>;
  supportEmail(ex: Executor): Promise<string>;
}

/** Runs inside the approval transaction of an expert (the connections module releases held requests here). */
export type ExpertApprovedHook = (tx: Executor, expertId: string, at: Date) => Promise<void>;

export interface ProfilesServiceDeps {
  database: Database;
  appUrl: string;
  /**
   * The run-time settings in effect (the settings service's readers): the community-tab flag (community lists and
   * their profile modals exist only while it is on) and the support e-mail given in mails.
   */
  settings: ProfilesSettings;
  publishEvent: PublishEvent;
  /** What ties two members together (the connections module's), for the read-access policy. */
  relationshipOf: RelationshipSource;
  images: ImageStore;
  /** Called after a transaction that queued mail has committed, to send it without waiting for a poll. */
  afterCommit: () => void;
  onExpertApproved?: readonly ExpertApprovedHook[];
  /** Where failures that must not fail the request (deleting an old picture) are reported. */
  warn?: (obj: object, message: string) => void;
  random?: () => number;
  /** The clock of the dates a use case writes (publish, pause, approval); the demo replays weeks with it. */
  now?: () => Date;
}

/** What every profiles use case works with: the database, the dependencies, and their defaults filled in. */
export interface ProfilesContext {
  db: Db;
  deps: ProfilesServiceDeps;
  hooks: readonly ExpertApprovedHook[];
  warn: (obj: object, message: string) => void;
  random: () => number;
  now: () => Date;
}

/** Builds the context once per service. */
export function createProfilesContext(deps: ProfilesServiceDeps): ProfilesContext {
  return {
    db: deps.database.db,
    deps,
    hooks: deps.onExpertApproved ?? [],
    warn: deps.warn ?? (() => {}),
    random: deps.random ?? Math.random,
    now: deps.now ?? (() => new Date()),
  };
}

export const notFound = () => new AppError('NOT_FOUND', profileTexts.profileNotFound);

/** Rethrows anything that is not already an AppError as a 500 carrying the spec's failure message. */
export async function failingWith<T>(message: string | null, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError || message === null) throw error;
    throw Object.assign(new AppError('INTERNAL', message), { cause: error });
  }
}

/** The profile, row-locked for the rest of the transaction; an unknown one answers not-found. */
export async function locked(tx: Executor, id: string): Promise<StoredProfile> {
  const p = await findProfile(tx, id, { lock: true });
  if (!p) throw notFound();
  return p;
}

/** The profile as the transaction now sees it, in the owner's shape (the answer of every change). */
export async function reload(tx: Executor, id: string): Promise<OwnProfile> {
  return toOwnProfile((await findProfile(tx, id))!);
}

/** Splits a change of profile data into the profile row's columns and the contact info's fields. */
function splitChanges(changes: Partial<ProfileData>) {
  const columns: Record<string, unknown> = {};
  const contact: Partial<Record<ContactField, string | null>> = {};
  for (const [field, value] of Object.entries(changes)) {
    if (isContactField(field)) contact[field] = (value as string | null) ?? null;
    else columns[field] = value;
  }
  return { columns: columns as ProfileRowPatch, contact };
}

/**
 * Writes data straight to the profile and its contact info and bumps `updatedAt`. While the profile is not
 * published, `profileComplete` follows the new values.
 */
export async function writeData(
  tx: Executor,
  p: StoredProfile,
  changes: Partial<ProfileData>,
  extra: ProfileRowPatch = {},
): Promise<void> {
  const { columns, contact } = splitChanges(changes);
  const next = { ...p.data, ...changes } as ProfileData;
  await updateProfileRow(tx, p.kind, p.id, {
    ...columns,
    updatedAt: new Date(),
    ...(p.profilePublished ? {} : { profileComplete: isComplete(p.kind, next) }),
    ...extra,
  });
  await updateContact(tx, p.id, contact);
}

/** Publishes a domain event about the profile; its payload always names the profile and its kind. */
export const event = <T extends ProfileEventType>(
  ctx: ProfilesContext,
  tx: Executor,
  type: T,
  p: StoredProfile,
  payload: Omit<DomainEventPayload<T>, 'profileId' | 'kind'>,
) =>
  // TypeScript cannot pair `type` with its payload through the generic; publishEvent checks the pair.
  ctx.deps.publishEvent(tx, {
    type,
    userId: p.id,
    payload: { profileId: p.id, kind: p.kind, ...payload },
  } as DomainEventOf<T>);

/**
 * Asks the matching job to score the profile. `reason` (absent for an expert's submit, which only scores)
 * tells it whether to suggest too: after a publish or an approval it does, after a changed field it rescores.
 */
export const requestMatching = (
  ctx: ProfilesContext,
  tx: Executor,
  p: StoredProfile,
  reason?: DomainEventPayload<'matching.requested'>['reason'],
  extra: Pick<DomainEventPayload<'matching.requested'>, 'fields'> = {},
) =>
  ctx.deps.publishEvent(tx, {
    type: 'matching.requested',
    userId: p.id,
    payload: { profileId: p.id, kind: p.kind, ...(reason ? { reason } : {}), ...extra },
  });

/**
 * An admin action on one profile: locked, changed, written to the audit log (who did what to whom, in the same
 * transaction), and answered with the profile as it now stands.
 */
export async function adminAction(
  ctx: ProfilesContext,
  audit: { adminId: string; profileId: string; action: string; details?: Record<string, unknown> },
  work: (tx: Executor, p: StoredProfile) => Promise<boolean>,
): Promise<OwnProfile> {
  const { profileId } = audit;
  let queued = false;
  const result = await ctx.db.transaction(async (tx) => {
    const p = await locked(tx, profileId);
    queued = await work(tx, p);
    await recordAudit(tx, {
      actorId: audit.adminId,
      action: audit.action,
      target: profileId,
      ...(audit.details ? { details: audit.details } : {}),
    });
    return reload(tx, profileId);
  });
  if (queued) ctx.deps.afterCommit();
  return result;
}
