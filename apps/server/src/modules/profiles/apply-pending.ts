import type { OwnProfile } from '@intergen/contracts';
import { matchFacetKeys, type ProfileData, profileTexts } from '@intergen/domain';
import { badRequest } from '../../lib/errors.ts';
import { withPending } from '../members/index.ts';
import {
  event,
  failingWith,
  locked,
  type ProfilesContext,
  reload,
  requestMatching,
  writeData,
} from './profiles.context.ts';
import { incompleteSections, toOwnProfile } from './profiles.model.ts';
import { dataSchemas, schemaDetails } from './profiles.sections.ts';

/**
 * The Update button of a published profile: applies the pending edits (profile and contact info) and
 * clears them, allowed only when the result is complete. With nothing pending it answers the profile.
 */
export async function applyPendingChanges(ctx: ProfilesContext, userId: string): Promise<OwnProfile> {
  return failingWith(profileTexts.updateFailed, () =>
    ctx.db.transaction(async (tx) => {
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
      await event(ctx, tx, 'profile.updated', p, { fields, applied: true });
      // A published profile's score fields changed: its scores are computed again.
      const facets = fields.filter((f) => (matchFacetKeys as readonly string[]).includes(f));
      if (p.profilePublished && facets.length > 0) {
        await requestMatching(ctx, tx, p, 'facetsChanged', { fields: facets });
      }
      return reload(tx, userId);
    }),
  );
}
