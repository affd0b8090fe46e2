import { isDeepStrictEqual } from 'node:util';
import {
  type AdminProfileRow,
  CompanyProfileDataSchema,
  ExpertProfileDataSchema,
  type OwnProfile,
  type ProfileView,
  sectionPatchSchemas,
} from '@intergen/contracts';
import {
  type CapitalBand,
  cleanInterGenData,
  completion,
  disableReasonLabels,
  fieldMessages,
  type InterGenData,
  isValidPhone,
  matchFacetKeys,
  normalizePhone,
  type ProfileData,
  type ProfileStatus,
  type ProfileType,
  pauseReasonLabels,
  profileTexts,
  type RevenueBand,
  type SectionId,
  savablePatch,
} from '@intergen/domain';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import type { Caller } from '../../http/caller.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { startOfUtcDay } from '../../lib/time.ts';
import * as authRepo from '../auth/auth.repository.ts';
import type { EmailVerifiedHook } from '../auth/auth.service.ts';
import type { DomainEventOf, DomainEventPayload, ProfileEventType, PublishEvent } from '../events/events.ts';
import { queueMail } from '../mail/mail.service.ts';
import { mailTemplates } from '../mail/mail.templates.ts';
import { accessTo } from '../members/members.access.ts';
import { encodeProfileImage, type ImageStore, randomDefaultAvatar } from './profiles.images.ts';
import {
  incompleteSections,
  isComplete,
  statusOf,
  toOwnProfile,
  toProfileView,
  withPending,
} from './profiles.model.ts';
import {
  type ContactField,
  findProfile,
  isContactField,
  listProfiles,
  type ProfileRowPatch,
  type StoredProfile,
  updateContact,
  updateProfileRow,
} from './profiles.repository.ts';

/** Runs inside the approval transaction of an expert (the connections issue releases pending requests here). */
export type ExpertApprovedHook = (tx: Executor, expertId: string) => Promise<void>;

export interface ProfilesServiceDeps {
  database: Database;
  appUrl: string;
  supportEmail: string;
  /** The community-tab flag: community lists and their profile modals exist only while it is on. */
  communityTab: boolean;
  publishEvent: PublishEvent;
  images: ImageStore;
  /** Called after a transaction that queued mail has committed, to send it without waiting for a poll. */
  afterCommit: () => void;
  onExpertApproved?: readonly ExpertApprovedHook[];
  /** Where failures that must not fail the request (deleting an old picture) are reported. */
  warn?: (obj: object, message: string) => void;
  random?: () => number;
}

const dataSchemas = { expert: ExpertProfileDataSchema, company: CompanyProfileDataSchema } as const;

const notFound = () => new AppError('NOT_FOUND', profileTexts.profileNotFound);

function schemaDetails(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({
          path: [...issue.path, key].join('.'),
          message: profileTexts.fieldNotInSection,
        }))
      : [{ path: issue.path.join('.'), message: issue.message }],
  );
}

/** Rethrows anything that is not already an AppError as a 500 carrying the spec's failure message. */
async function failingWith<T>(message: string | null, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError || message === null) throw error;
    throw Object.assign(new AppError('INTERNAL', message), { cause: error });
  }
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

/** The profiles service: wizard saves, publishing lifecycle, account states, pictures and profile pages. */
export function createProfilesService(deps: ProfilesServiceDeps) {
  const { database, publishEvent, images, afterCommit, appUrl } = deps;
  const { db } = database;
  const hooks = deps.onExpertApproved ?? [];
  const warn = deps.warn ?? (() => {});
  const random = deps.random ?? Math.random;

  async function locked(tx: Executor, id: string): Promise<StoredProfile> {
    const p = await findProfile(tx, id, { lock: true });
    if (!p) throw notFound();
    return p;
  }

  async function reload(tx: Executor, id: string): Promise<OwnProfile> {
    return toOwnProfile((await findProfile(tx, id))!);
  }

  /**
   * Writes data straight to the profile and its contact info and bumps `updatedAt`. While the profile is not
   * published, `profileComplete` follows the new values.
   */
  async function writeData(
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

  /** Publishes a profile event; the payload's `profileId` and `kind` come from the profile. */
  const event = <T extends ProfileEventType>(
    tx: Executor,
    type: T,
    p: StoredProfile,
    payload: Omit<DomainEventPayload<T>, 'profileId' | 'kind'>,
  ) =>
    // TypeScript cannot pair `type` with its payload through the generic; publishEvent checks the pair.
    publishEvent(tx, {
      type,
      userId: p.id,
      payload: { profileId: p.id, kind: p.kind, ...payload },
    } as DomainEventOf<T>);

  /**
   * Asks the matching job to score the profile. `reason` (absent for an expert's submit, which only scores)
   * tells it whether to suggest too: after a publish or an approval it does, after a changed field it rescores.
   */
  const requestMatching = (
    tx: Executor,
    p: StoredProfile,
    reason?: DomainEventPayload<'matching.requested'>['reason'],
    extra: Pick<DomainEventPayload<'matching.requested'>, 'fields'> = {},
  ) =>
    publishEvent(tx, {
      type: 'matching.requested',
      userId: p.id,
      payload: { profileId: p.id, kind: p.kind, ...(reason ? { reason } : {}), ...extra },
    });

  /** Whether the profile has been published or (an expert's) submitted for approval. */
  const isSubmitted = (p: StoredProfile) => p.profilePublished || (p.kind === 'expert' && p.profilePending);

  /**
   * Publishes a company (today's date) or submits an expert for approval (pending), completes onboarding and
   * asks for matching. The caller holds the profile's row lock and has checked that it is complete.
   */
  async function submitLocked(tx: Executor, p: StoredProfile): Promise<void> {
    if (p.kind === 'expert') {
      await updateProfileRow(tx, p.kind, p.id, {
        profilePending: true,
        gettingStartedDismissed: true,
        onboardingComplete: true,
        profileComplete: true,
      });
      await event(tx, 'profile.submitted', p, {});
    } else {
      const publishDate = startOfUtcDay();
      await updateProfileRow(tx, p.kind, p.id, {
        profilePublished: true,
        disableReason: null,
        publishDate,
        onboardingComplete: true,
        profileComplete: true,
      });
      await event(tx, 'profile.published', p, { publishDate: publishDate.getTime() });
    }
    await requestMatching(tx, p, p.kind === 'company' ? 'published' : undefined);
  }

  /** An admin action on one profile: locked, changed, and answered with the profile as it now stands. */
  async function adminAction(
    profileId: string,
    work: (tx: Executor, p: StoredProfile) => Promise<boolean>,
  ): Promise<OwnProfile> {
    let queued = false;
    const result = await db.transaction(async (tx) => {
      const p = await locked(tx, profileId);
      queued = await work(tx, p);
      return reload(tx, profileId);
    });
    if (queued) afterCommit();
    return result;
  }

  return {
    /** The signed-in member's own profile with completion, status and pending edits. */
    async getOwn(userId: string): Promise<OwnProfile> {
      const p = await findProfile(db, userId);
      if (!p) throw notFound();
      return toOwnProfile(p);
    },

    /**
     * Saves part of one wizard section. Values are checked against the role's schema (a wrong type or an
     * unknown field answers 400 and saves nothing); values that break a field rule are kept as the member's
     * draft and reported in the answer's `fieldErrors`, and the profile is not complete while one is broken. An
     * unpublished profile is written directly (autosave), a published one collects the edits as pending
     * changes that the community does not see until `applyPendingChanges`.
     */
    async saveSection(
      userId: string,
      section: SectionId,
      body: Record<string, unknown>,
    ): Promise<OwnProfile> {
      return db.transaction(async (tx) => {
        const p = await locked(tx, userId);
        const parsed = sectionPatchSchemas[p.kind][section].safeParse(body);
        if (!parsed.success) {
          const details = schemaDetails(parsed.error);
          throw badRequest(
            'VALIDATION_FAILED',
            details[0]?.message ?? profileTexts.fieldNotInSection,
            details,
          );
        }
        const patch = savablePatch(parsed.data) as Record<string, unknown>;
        if (patch.interGenData) patch.interGenData = cleanInterGenData(patch.interGenData as InterGenData);
        // A value that breaks a field rule is kept as the member's draft (reported in `fieldErrors`, and the
        // profile is not complete until it is corrected); only a valid phone number is reduced to its digits.
        if (typeof patch.phone === 'string') {
          patch.phone = isValidPhone(patch.phone) ? normalizePhone(patch.phone) : patch.phone.trim();
        }
        for (const field of ['linkedin', 'website']) {
          if (typeof patch[field] === 'string') patch[field] = (patch[field] as string).trim();
        }
        const fields = Object.keys(patch);
        if (fields.length === 0) return toOwnProfile(p);

        if (p.profilePublished) {
          const pending: Record<string, unknown> = { ...(p.tempData ?? {}), ...patch };
          const stored = p.data as unknown as Record<string, unknown>;
          for (const field of fields) {
            if (isDeepStrictEqual(pending[field], stored[field])) delete pending[field];
          }
          await updateProfileRow(tx, p.kind, p.id, {
            tempData: Object.keys(pending).length > 0 ? pending : null,
            updatedAt: new Date(),
          });
        } else {
          // Edits held from a published period are folded in, so nothing stale overrides the new values.
          await writeData(tx, p, { ...(p.tempData ?? {}), ...patch } as Partial<ProfileData>, {
            tempData: null,
          });
        }
        await event(tx, 'profile.updated', p, { section, fields, pending: p.profilePublished });
        return reload(tx, userId);
      });
    },

    /**
     * The Update button of a published profile: applies the pending edits (profile and contact info) and
     * clears them, allowed only when the result is complete. With nothing pending it answers the profile.
     */
    async applyPendingChanges(userId: string): Promise<OwnProfile> {
      return failingWith(profileTexts.updateFailed, () =>
        db.transaction(async (tx) => {
          const p = await locked(tx, userId);
          if (!p.tempData || Object.keys(p.tempData).length === 0) return toOwnProfile(p);
          // Edits held before the schemas said so (an integer past its column's range) would fail the write for
          // good: they are checked like a save, and a bad one is named so the member can correct it.
          const checked = dataSchemas[p.kind].partial().safeParse(p.tempData);
          if (!checked.success) {
            const details = schemaDetails(checked.error);
            throw badRequest('VALIDATION_FAILED', details[0]?.message ?? profileTexts.updateFailed, details);
          }
          const pending = checked.data as Partial<ProfileData>;
          const problems = incompleteSections(p.kind, withPending(p));
          if (problems.length > 0) {
            throw badRequest('PROFILE_INCOMPLETE', profileTexts.missingTitle, problems);
          }
          await writeData(tx, p, pending, { tempData: null, profileComplete: true });
          const fields = Object.keys(pending).sort();
          await event(tx, 'profile.updated', p, { fields, applied: true });
          // A published profile's score fields changed: its scores are computed again.
          const facets = fields.filter((f) => (matchFacetKeys as readonly string[]).includes(f));
          if (p.profilePublished && facets.length > 0) {
            await requestMatching(tx, p, 'facetsChanged', { fields: facets });
          }
          return reload(tx, userId);
        }),
      );
    },

    /**
     * Reaching the review step (or Preview profile): onboarding is complete, a profile without a picture gets
     * one of its kind's default avatars at random, and profileComplete is recomputed.
     */
    async reachReview(userId: string): Promise<OwnProfile> {
      return db.transaction(async (tx) => {
        const p = await locked(tx, userId);
        const changes: ProfileRowPatch = {};
        if (!p.onboardingComplete) changes.onboardingComplete = true;
        const avatar = p.data.profileImage ? null : randomDefaultAvatar(p.kind, random);
        if (avatar) {
          changes.profileImage = avatar;
          changes.updatedAt = new Date();
        }
        if (!p.profilePublished) {
          const complete = isComplete(p.kind, { ...p.data, ...(avatar ? { profileImage: avatar } : {}) });
          if (complete !== p.profileComplete) changes.profileComplete = complete;
        }
        if (Object.keys(changes).length === 0) return toOwnProfile(p);
        await updateProfileRow(tx, p.kind, p.id, changes);
        await event(tx, 'profile.updated', p, {
          fields: avatar ? ['profileImage'] : [],
          onboardingComplete: true,
        });
        return reload(tx, userId);
      });
    },

    /**
     * Replaces the profile picture with an uploaded one: checked by content, re-encoded to 400×400 JPEG and
     * stored; the previous upload is deleted once the change has committed (default avatars never are).
     */
    async setImage(userId: string, upload: { bytes: Buffer; fileName: string }): Promise<OwnProfile> {
      if (!(await findProfile(db, userId))) throw notFound();
      const encoded = await encodeProfileImage(upload.bytes);
      const image = await images.save(encoded, upload.fileName);
      let previous: string | null = null;
      let result: OwnProfile;
      try {
        result = await db.transaction(async (tx) => {
          const p = await locked(tx, userId);
          previous = p.data.profileImage?.url ?? null;
          await writeData(tx, p, { profileImage: image });
          await event(tx, 'profile.updated', p, { fields: ['profileImage'] });
          return reload(tx, userId);
        });
      } catch (error) {
        await images.remove(image.url).catch(() => {});
        throw error;
      }
      if (previous && previous !== image.url) {
        await images.remove(previous).catch((err: unknown) => warn({ err }, 'old profile image not deleted'));
      }
      return result;
    },

    /**
     * The review step's publish: an expert submits for approval (pending), a company publishes with today's
     * date. Needs a verified e-mail and a complete profile; asks for matching. Repeating it changes nothing.
     */
    async submit(userId: string): Promise<OwnProfile> {
      const kind = (await findProfile(db, userId))?.kind;
      const result = await failingWith(kind === 'expert' ? profileTexts.setPendingFailed : null, () =>
        db.transaction(async (tx) => {
          const p = await locked(tx, userId);
          if (!p.emailVerified) {
            throw badRequest('EMAIL_UNVERIFIED', profileTexts.emailNotVerified);
          }
          if (isSubmitted(p)) return toOwnProfile(p);
          const problems = incompleteSections(p.kind, p.data);
          if (problems.length > 0) {
            const message =
              p.kind === 'expert' ? profileTexts.expertIncomplete : profileTexts.companyIncomplete;
            throw badRequest('PROFILE_INCOMPLETE', message, problems);
          }
          await submitLocked(tx, p);
          return reload(tx, userId);
        }),
      );
      afterCommit();
      return result;
    },

    /**
     * The e-mail verification's hook (run in its transaction, after the address is marked verified): a member
     * who reached the review step with a complete profile is published (company) or submitted for approval
     * (expert), with matching asked for, exactly as the review step's Finish would. Anything else (an
     * incomplete profile, one already submitted, paused, disabled or deactivated) is left as it is, so
     * verifying then only verifies. Idempotent under the profile's row lock: a concurrent Finish finds the
     * profile submitted and changes nothing.
     */
    submitAfterVerification: (async (tx, userId) => {
      const p = await findProfile(tx, userId, { lock: true });
      if (!p?.emailVerified || !p.onboardingComplete || isSubmitted(p)) return;
      if (p.pausedDate || p.deactivatedDate || p.disableReason) return;
      if (!isComplete(p.kind, p.data)) return;
      await submitLocked(tx, p);
    }) satisfies EmailVerifiedHook,

    /** Pauses a published profile (hidden, no new requests; login still works) and mails a confirmation. */
    async pause(
      userId: string,
      body: { reason?: keyof typeof pauseReasonLabels | null | undefined; text?: string | undefined },
    ): Promise<OwnProfile> {
      const text = body.text?.trim() || null;
      const reason = body.reason ?? null;
      if (!reason && !text) {
        throw badRequest('VALIDATION_FAILED', profileTexts.reasonRequired, [
          { path: 'reason', message: profileTexts.reasonRequired },
        ]);
      }
      const result = await failingWith(profileTexts.pauseFailed, () =>
        db.transaction(async (tx) => {
          const p = await locked(tx, userId);
          if (p.pausedDate) return toOwnProfile(p);
          if (!p.profilePublished) throw new AppError('INVALID_STATE', profileTexts.notPublished);
          await updateProfileRow(tx, p.kind, p.id, {
            profilePublished: false,
            pausedDate: startOfUtcDay(),
            pauseReason: [reason ? pauseReasonLabels[reason] : null, text].filter(Boolean).join(': '),
            lastPausedBy: userId,
          });
          await event(tx, 'profile.paused', p, { reason, text, pausedBy: userId });
          await queueMail(
            tx,
            p.email,
            mailTemplates.profilePaused({ firstName: p.firstName, url: `${appUrl}/profile/public` }),
          );
          return reload(tx, userId);
        }),
      );
      afterCommit();
      return result;
    },

    /** Resumes a paused profile: published again, pause fields cleared, and a welcome-back e-mail. */
    async unpause(userId: string): Promise<OwnProfile> {
      const result = await failingWith(profileTexts.unpauseFailed, () =>
        db.transaction(async (tx) => {
          const p = await locked(tx, userId);
          if (!p.pausedDate) throw new AppError('INVALID_STATE', profileTexts.notPaused);
          await updateProfileRow(tx, p.kind, p.id, {
            profilePublished: true,
            disableReason: null,
            pausedDate: null,
            pauseReason: null,
            lastPausedBy: null,
          });
          await event(tx, 'profile.unpaused', p, {});
          await queueMail(
            tx,
            p.email,
            mailTemplates.profileResumed({ firstName: p.firstName, url: `${appUrl}/dashboard` }),
          );
          return reload(tx, userId);
        }),
      );
      afterCommit();
      return result;
    },

    /**
     * Disables the account at the member's request: reasons and date kept, profile unpublished, login removed,
     * every session and sign-in link ended, and a confirmation e-mail.
     */
    async disable(
      userId: string,
      body: { reasons: (keyof typeof disableReasonLabels)[]; text?: string | undefined },
    ): Promise<OwnProfile> {
      const text = body.text?.trim() || null;
      const reasons = [...new Set(body.reasons)];
      if (reasons.length === 0 && !text) {
        throw badRequest('VALIDATION_FAILED', profileTexts.reasonRequired, [
          { path: 'reasons', message: profileTexts.reasonRequired },
        ]);
      }
      const result = await failingWith(profileTexts.deleteFailed, () =>
        db.transaction(async (tx) => {
          const p = await locked(tx, userId);
          await updateProfileRow(tx, p.kind, p.id, {
            disableReason: [...reasons.map((r) => disableReasonLabels[r]), text].filter(Boolean).join('; '),
            disabledDate: startOfUtcDay(),
            profilePublished: false,
            profilePending: false,
          });
          await authRepo.updateUser(tx, userId, { passwordHash: null, loginRemovedAt: new Date() });
          await authRepo.deleteUserSessions(tx, userId);
          await authRepo.deleteUserTokens(tx, userId, 'password_reset');
          await authRepo.deleteUserTokens(tx, userId, 'one_time_login');
          await event(tx, 'profile.disabled', p, { reasons, text });
          await queueMail(
            tx,
            p.email,
            mailTemplates.accountDisabled({ firstName: p.firstName, supportEmail: deps.supportEmail }),
          );
          return reload(tx, userId);
        }),
      );
      afterCommit();
      return result;
    },

    /** Sets an expert's profile private (hidden from the community) or public. */
    async setPrivacy(userId: string, makePrivate: boolean): Promise<OwnProfile> {
      return db.transaction(async (tx) => {
        const p = await locked(tx, userId);
        if (p.kind !== 'expert') throw new AppError('FORBIDDEN', profileTexts.onlyExperts);
        if (p.private === makePrivate) return toOwnProfile(p);
        await updateProfileRow(tx, p.kind, p.id, { private: makePrivate });
        await event(tx, 'profile.privacy_changed', p, { private: makePrivate });
        return reload(tx, userId);
      });
    },

    /** A company's yearly confirmation of team size, revenue and capital; it also renews `updatedAt`. */
    async confirmAnnually(
      userId: string,
      body: { companySize: number; revenue: RevenueBand; capital: CapitalBand },
    ): Promise<OwnProfile> {
      return failingWith(profileTexts.updateFailed, () =>
        db.transaction(async (tx) => {
          const p = await locked(tx, userId);
          if (p.kind !== 'company') throw new AppError('FORBIDDEN', profileTexts.onlyCompanies);
          if (!(body.companySize > 0)) {
            throw badRequest('VALIDATION_FAILED', fieldMessages.teamSizePositive, [
              { path: 'companySize', message: fieldMessages.teamSizePositive },
            ]);
          }
          const changes = { companySize: body.companySize, revenue: body.revenue, capital: body.capital };
          // Confirmed figures win over older pending edits of the same fields.
          const pending = p.tempData ? { ...p.tempData } : null;
          if (pending)
            for (const field of Object.keys(changes)) delete (pending as Record<string, unknown>)[field];
          await writeData(tx, p, changes, {
            tempData: pending && Object.keys(pending).length > 0 ? pending : null,
          });
          await event(tx, 'profile.updated', p, { fields: Object.keys(changes), annualConfirmation: true });
          return reload(tx, userId);
        }),
      );
    },

    /**
     * Another member's (or one's own, or an admin's) view of a profile, as the read-access rules allow (domain
     * read-access.ts): a caller who may read no member gets 403; an unreadable and an unknown profile answer the
     * same not-found, so existence is never revealed; contact details only to connected parties.
     */
    async view(caller: Caller, profileId: string): Promise<ProfileView> {
      const { access } = await accessTo(db, caller, profileId, deps.communityTab);
      if (access === 'none') throw notFound();
      const p = await findProfile(db, profileId);
      if (!p) throw notFound();
      return toProfileView(p, caller.id, access === 'contact' || access === 'full');
    },

    // Admin

    /** Profiles for the admin list, optionally of one kind and status: experts awaiting approval first. */
    async listForAdmin(filter: { kind?: ProfileType | undefined; status?: ProfileStatus | undefined }) {
      const rows: (AdminProfileRow & { createdAt: number; awaiting: boolean })[] = (
        await listProfiles(db, filter.kind)
      ).map((p) => {
        const status = statusOf(p);
        return {
          id: p.id,
          kind: p.kind,
          name: p.name,
          email: p.email,
          status,
          completion: completion(p.kind, withPending(p)).overall,
          isVerified: p.isVerified,
          emailVerified: p.emailVerified,
          updatedAt: p.updatedAt.getTime(),
          createdAt: p.createdAt.getTime(),
          awaiting: p.kind === 'expert' && status === 'pending',
        };
      });
      return rows
        .filter((r) => !filter.status || r.status === filter.status)
        .sort((a, b) => Number(b.awaiting) - Number(a.awaiting) || b.createdAt - a.createdAt)
        .map(({ createdAt: _c, awaiting: _a, ...row }) => row);
    },

    /** Any profile in the owner's full shape, for admins. */
    async getForAdmin(profileId: string): Promise<OwnProfile> {
      const p = await findProfile(db, profileId);
      if (!p) throw notFound();
      return toOwnProfile(p);
    },

    /**
     * Approves an expert: published with today's date, no longer pending, the getting-started banner
     * dismissed; the approval hooks run in the same transaction (one notifies and mails the expert); matching
     * is asked for.
     */
    async approve(adminId: string, profileId: string): Promise<OwnProfile> {
      return adminAction(profileId, async (tx, p) => {
        if (p.kind !== 'expert') throw badRequest('VALIDATION_FAILED', profileTexts.onlyExperts);
        if (p.profilePublished) return false;
        if (!isComplete(p.kind, p.data)) {
          throw badRequest(
            'PROFILE_INCOMPLETE',
            profileTexts.expertIncomplete,
            incompleteSections(p.kind, p.data),
          );
        }
        const publishDate = startOfUtcDay();
        await updateProfileRow(tx, p.kind, p.id, {
          profilePublished: true,
          disableReason: null,
          publishDate,
          profilePending: false,
          gettingStartedDismissed: true,
          profileComplete: true,
        });
        await event(tx, 'profile.approved', p, { by: adminId, publishDate: publishDate.getTime() });
        // The approval e-mail comes with the expert's `profile_approved` notification (an approval hook).
        for (const hook of hooks) await hook(tx, p.id);
        await requestMatching(tx, p, 'approved');
        return true;
      });
    },

    /** Publishes a complete company profile with today's date and asks for matching. */
    async publish(adminId: string, profileId: string): Promise<OwnProfile> {
      return adminAction(profileId, async (tx, p) => {
        if (p.kind !== 'company') throw badRequest('VALIDATION_FAILED', profileTexts.onlyCompanies);
        if (p.profilePublished) return false;
        if (!isComplete(p.kind, p.data)) {
          throw badRequest(
            'PROFILE_INCOMPLETE',
            profileTexts.companyIncomplete,
            incompleteSections(p.kind, p.data),
          );
        }
        const publishDate = startOfUtcDay();
        await updateProfileRow(tx, p.kind, p.id, {
          profilePublished: true,
          disableReason: null,
          publishDate,
          profilePending: false,
          profileComplete: true,
        });
        await event(tx, 'profile.published', p, { by: adminId, publishDate: publishDate.getTime() });
        await requestMatching(tx, p, 'published');
        return false;
      });
    },

    /** Sets or clears an expert's verified badge. */
    async setVerified(adminId: string, profileId: string, verified: boolean): Promise<OwnProfile> {
      return adminAction(profileId, async (tx, p) => {
        if (p.kind !== 'expert') throw badRequest('VALIDATION_FAILED', profileTexts.onlyExperts);
        if (p.isVerified === verified) return false;
        await updateProfileRow(tx, p.kind, p.id, { isVerified: verified });
        await event(tx, verified ? 'profile.verified' : 'profile.unverified', p, { by: adminId });
        return false;
      });
    },

    /**
     * Deactivates a member: unpublished, not pending, date and reason kept, and what was taken away (published
     * or pending) remembered for `activate`; their sessions end at once.
     */
    async deactivate(adminId: string, profileId: string, reason: string): Promise<OwnProfile> {
      return adminAction(profileId, async (tx, p) => {
        await updateProfileRow(tx, p.kind, p.id, {
          profilePublished: false,
          profilePending: false,
          deactivatedDate: startOfUtcDay(),
          deactivateReason: reason,
          // A repeated deactivation keeps what the first one took away.
          deactivatedFrom: p.deactivatedDate
            ? p.deactivatedFrom
            : p.profilePublished
              ? 'published'
              : p.profilePending
                ? 'pending'
                : null,
        });
        await authRepo.deleteUserSessions(tx, p.id);
        await event(tx, 'profile.deactivated', p, { by: adminId, reason });
        return false;
      });
    },

    /**
     * Reactivates a deactivated member: the deactivation is cleared and the state it took away restored —
     * published again, or pending approval again — but only while the profile is still complete and its e-mail
     * verified (what publishing and submitting require). Anything else (a draft, a paused profile) stays as it
     * was. **Deliberate:** the spec's "published true" would publish incomplete or unverified profiles.
     * Active profiles are left as they are.
     */
    async activate(adminId: string, profileId: string): Promise<OwnProfile> {
      return adminAction(profileId, async (tx, p) => {
        if (!p.deactivatedDate) return false;
        const restorable = p.emailVerified && isComplete(p.kind, p.data);
        const restored =
          restorable &&
          (p.deactivatedFrom === 'published' || (p.deactivatedFrom === 'pending' && p.kind === 'expert'))
            ? p.deactivatedFrom
            : null;
        await updateProfileRow(tx, p.kind, p.id, {
          deactivatedDate: null,
          deactivateReason: null,
          deactivatedFrom: null,
          ...(restored === 'published' ? { profilePublished: true } : {}),
          ...(restored === 'pending' ? { profilePending: true } : {}),
        });
        await event(tx, 'profile.activated', p, { by: adminId, restored });
        return false;
      });
    },

    /** Takes a profile off the community with a reason (stored as the disable reason, spec 000 §4) and ends the member's sessions. */
    async unpublish(adminId: string, profileId: string, reason: string): Promise<OwnProfile> {
      return adminAction(profileId, async (tx, p) => {
        await updateProfileRow(tx, p.kind, p.id, { profilePublished: false, disableReason: reason });
        // A disable reason appearing signs the member out (spec 001 §5); they may sign in again.
        await authRepo.deleteUserSessions(tx, p.id);
        await event(tx, 'profile.unpublished', p, { by: adminId, reason });
        return false;
      });
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
