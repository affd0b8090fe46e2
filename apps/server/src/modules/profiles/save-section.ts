import { isDeepStrictEqual } from 'node:util';
import { type OwnProfile, sectionPatchSchemas } from '@intergen/contracts';
import {
  cleanInterGenData,
  type InterGenData,
  isValidPhone,
  normalizePhone,
  type ProfileData,
  profileTexts,
  type SectionId,
  savablePatch,
} from '@intergen/domain';
import { badRequest } from '../../lib/errors.ts';
import { updateProfileRow } from '../members/index.ts';
import { event, locked, type ProfilesContext, reload, writeData } from './profiles.context.ts';
import { toOwnProfile } from './profiles.model.ts';
import { schemaDetails } from './profiles.sections.ts';

/**
 * Saves part of one wizard section. Values are checked against the role's schema (a wrong type or an
 * unknown field answers 400 and saves nothing); values that break a field rule are kept as the member's
 * draft and reported in the answer's `fieldErrors`, and the profile is not complete while one is broken. An
 * unpublished profile is written directly (autosave), a published one collects the edits as pending
 * changes that the community does not see until `applyPendingChanges`.
 */
export async function saveSection(
  ctx: ProfilesContext,
  userId: string,
  section: SectionId,
  body: Record<string, unknown>,
): Promise<OwnProfile> {
  return ctx.db.transaction(async (tx) => {
    const p = await locked(tx, userId);
    const parsed = sectionPatchSchemas[p.kind][section].safeParse(body);
    if (!parsed.success) {
      const details = schemaDetails(parsed.error);
      throw badRequest('VALIDATION_FAILED', details[0]?.message ?? profileTexts.fieldNotInSection, details);
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
    await event(ctx, tx, 'profile.updated', p, { section, fields, pending: p.profilePublished });
    return reload(tx, userId);
  });
}
