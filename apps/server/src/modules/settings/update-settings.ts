import { isDeepStrictEqual } from 'node:util';
import {
  type AdminSettingsResponse,
  type AppSettings,
  type SettingKey,
  settingKeys,
  type UpdateSettingsBody,
} from '@intergen/contracts';
import { settingsTexts } from '@intergen/domain';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import type { SettingsContext } from './settings.context.ts';
import { type DemoMark, demoKey, effectiveSettings, revisionOf, storedValueOf } from './settings.model.ts';
import * as repo from './settings.repository.ts';

/** The audit log's action of a settings change (one entry per changed setting, its key as the target). */
export const settingsUpdateAction = 'settings.update';
/** The audit log's action of `npm run demo` marking the database as a demonstration. */
export const demoMarkAction = 'settings.demo';

/**
 * Applies an admin's settings (already checked by the route's schema): under the settings lock, refuses them
 * with 409 when another change was saved since they were read (`revision`); otherwise writes each setting whose
 * value in effect changed, and records it in the audit log with its value before and after, in one transaction.
 * Settings left as they were are not written, so a default still follows its configuration.
 */
export async function updateSettings(
  ctx: SettingsContext,
  actorId: string,
  body: UpdateSettingsBody,
): Promise<AdminSettingsResponse> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockSettings(tx);
    const stored = await repo.readSettingRows(tx, settingKeys);
    if (revisionOf(stored, settingKeys) !== body.revision) {
      throw new AppError('CONFLICT', settingsTexts.errors.conflict);
    }
    const before = effectiveSettings(stored, ctx.scope);
    for (const key of settingKeys) {
      if (isDeepStrictEqual(before[key], body.settings[key])) continue;
      stored.set(key, await write(tx, ctx, key, stored.get(key), body.settings[key]));
      await recordAudit(tx, {
        actorId,
        action: settingsUpdateAction,
        target: key,
        details: { before: before[key], after: body.settings[key] },
      });
    }
    return {
      appEnv: ctx.scope.appEnv,
      revision: revisionOf(stored, settingKeys),
      settings: effectiveSettings(stored, ctx.scope),
    };
  });
}

/** Stores one changed setting; answers what was stored. */
async function write<K extends SettingKey>(
  tx: Executor,
  ctx: SettingsContext,
  key: K,
  before: unknown,
  value: AppSettings[K],
): Promise<unknown> {
  const stored = storedValueOf(key, before, value, ctx.scope);
  await repo.upsertSetting(tx, key, stored);
  return stored;
}

/**
 * Writes the demo mark once, under the settings lock, with its audit entry: a database marked already is refused
 * (the demo never runs twice on one database).
 */
export async function markDemo(ctx: SettingsContext, actorId: string, mark: DemoMark): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await repo.lockSettings(tx);
    if ((await repo.readSettingRows(tx, [demoKey])).has(demoKey)) {
      throw new AppError('CONFLICT', settingsTexts.errors.alreadyDemo);
    }
    await repo.upsertSetting(tx, demoKey, mark);
    await recordAudit(tx, { actorId, action: demoMarkAction, target: demoKey, details: { after: mark } });
  });
}
