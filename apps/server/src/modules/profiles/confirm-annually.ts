import type { OwnProfile } from '@intergen/contracts';
import { type CapitalBand, fieldMessages, profileTexts, type RevenueBand } from '@intergen/domain';
import { AppError, badRequest } from '../../lib/errors.ts';
import { event, failingWith, locked, type ProfilesContext, reload, writeData } from './profiles.context.ts';

/** A company's yearly confirmation of team size, revenue and capital; it also renews `updatedAt`. */
export async function confirmAnnually(
  ctx: ProfilesContext,
  userId: string,
  body: { companySize: number; revenue: RevenueBand; capital: CapitalBand },
): Promise<OwnProfile> {
  return failingWith(profileTexts.updateFailed, () =>
    ctx.db.transaction(async (tx) => {
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
      await event(ctx, tx, 'profile.updated', p, { fields: Object.keys(changes), annualConfirmation: true });
      return reload(tx, userId);
    }),
  );
}
