import type {
  AdminSettingsResponse,
  AppSettings,
  NewChangesPopup,
  SettingKey,
  UpdateSettingsBody,
} from '@intergen/contracts';
import { settingKeys } from '@intergen/contracts';
import { isoDayToMs, type SurveyFormRole } from '@intergen/domain';
import type { Database, Executor } from '../../db/client.ts';
import { createSettingsCache } from './settings.cache.ts';
import type { SettingsContext } from './settings.context.ts';
import {
  type DemoMark,
  demoKey,
  effectiveSetting,
  effectiveSettings,
  matchingThresholdsOf,
  revisionOf,
  type SettingsScope,
} from './settings.model.ts';
import * as repo from './settings.repository.ts';
import { markDemo, updateSettings } from './update-settings.ts';

export interface SettingsServiceDeps extends SettingsScope {
  database: Database;
  /**
   * Told each time this instance's copy of the settings is dropped (a change heard, or made here), after it is:
   * the kept lists made from the settings go with it.
   */
  onChanged?: () => void;
}

/**
 * The stored rows of `keys`: outside a transaction (`ex` is the database itself) from this instance's copy,
 * kept until the table changes; inside one, read in that transaction.
 */
function storedRows(ctx: SettingsContext, ex: Executor, keys: readonly string[]) {
  return ex === ctx.db ? ctx.cache.read() : repo.readSettingRows(ex, keys);
}

/** One setting in effect. */
async function readOne<K extends SettingKey>(
  ctx: SettingsContext,
  ex: Executor,
  key: K,
): Promise<AppSettings[K]> {
  return effectiveSetting(key, await storedRows(ctx, ex, [key]), ctx.scope);
}

/** Every setting in effect, with this server's environment and the revision a change must be sent with. */
export async function readAdminSettings(ctx: SettingsContext, ex: Executor): Promise<AdminSettingsResponse> {
  const stored = await repo.readSettingRows(ex, settingKeys);
  return {
    appEnv: ctx.scope.appEnv,
    revision: revisionOf(stored, settingKeys),
    settings: effectiveSettings(stored, ctx.scope),
  };
}

/** The version-change popup as members see it: released at midnight UTC of its release date. */
function popupOf(p: AppSettings['newChangesPopup']): NewChangesPopup {
  return { releasedAt: isoDayToMs(p.releaseDate), title: p.title, intro: p.intro, items: p.items };
}

/**
 * The one owner of the run-time settings (DESIGN.md §2, Settings): typed reads of each setting in effect for
 * this server's environment, and the admin's validated, audited change. Reads outside a transaction come from
 * this instance's copy of the table (`settings.cache.ts`), dropped when any instance changes it (a trigger and
 * LISTEN/NOTIFY): a change is in effect here at once and on the other instances when they hear of it
 * (milliseconds). Readers take the caller's executor, so a use case reads inside its own transaction, from it.
 */
export function createSettingsService(deps: SettingsServiceDeps) {
  const ctx: SettingsContext = {
    db: deps.database.db,
    scope: { appEnv: deps.appEnv, defaults: deps.defaults },
    cache: createSettingsCache(deps.database, deps.onChanged),
  };
  const { db } = ctx;
  return {
    appEnv: deps.appEnv,
    /** Every setting, for the admin's page (from the database: its revision must be exact). */
    read: (ex: Executor = db) => readAdminSettings(ctx, ex),
    /** Changes the settings an admin changed, records each in the audit log, and answers them as they now are. */
    update: async (actorId: string, body: UpdateSettingsBody) => {
      try {
        return await updateSettings(ctx, actorId, body);
      } finally {
        // In effect on this instance at once; the others hear of it from the table's trigger.
        ctx.cache.invalidate();
      }
    },
    /** Stops listening for changes (the app's close). */
    stop: () => ctx.cache.stop(),

    /** Whether the community tab (the communities and My Network) is on in this environment. */
    communityTab: async (ex: Executor = db) => (await readOne(ctx, ex, 'communityTab'))[ctx.scope.appEnv],
    /** The hosted survey form of a role in this environment, or null for none. */
    surveyFormUrl: async (ex: Executor, role: SurveyFormRole) =>
      (await readOne(ctx, ex, 'surveyForms'))[ctx.scope.appEnv][role] || null,
    /** The thresholds of automatic suggestions after a publish (top N, minimum score). */
    matchingThresholds: (ex: Executor = db) => readOne(ctx, ex, 'matching'),
    /** The address members write to (Help, banners, e-mails). */
    supportEmail: (ex: Executor = db) => readOne(ctx, ex, 'supportEmail'),
    /** After how many days in one stage the CRM board marks an open deal as not moving. */
    stalledDealDays: async (ex: Executor = db) => (await readOne(ctx, ex, 'crm')).stalledAfterDays,
    /** The version-change popup. */
    newChangesPopup: async (ex: Executor = db) => popupOf(await readOne(ctx, ex, 'newChangesPopup')),
    /** What `GET /api/config` tells every browser: this environment's flag, the support e-mail, the popup, the demo. */
    publicSettings: async (ex: Executor = db) => {
      const stored = await storedRows(ctx, ex, ['communityTab', 'supportEmail', 'newChangesPopup', demoKey]);
      return {
        communityTab: effectiveSetting('communityTab', stored, ctx.scope)[ctx.scope.appEnv],
        supportEmail: effectiveSetting('supportEmail', stored, ctx.scope),
        newChangesPopup: popupOf(effectiveSetting('newChangesPopup', stored, ctx.scope)),
        demo: stored.has(demoKey),
      };
    },
    /** When and from which seed `npm run demo` made this database's community; null for a real database. */
    demoMark: async (ex: Executor = db): Promise<DemoMark | null> =>
      ((await storedRows(ctx, ex, [demoKey])).get(demoKey) as DemoMark | undefined) ?? null,
    /** Marks the database as a demonstration (audited); refused when it is one already. */
    markDemo: async (actorId: string, mark: DemoMark) => {
      try {
        await markDemo(ctx, actorId, mark);
      } finally {
        ctx.cache.invalidate();
      }
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;

/**
 * The thresholds of automatic suggestions, for a reader without the service: they have no environment and no
 * configured default, so they read the same everywhere.
 */
export async function readMatchingThresholds(ex: Executor): Promise<AppSettings['matching']> {
  return matchingThresholdsOf((await repo.readSettingRows(ex, ['matching'])).get('matching'));
}

/** The demo mark of a database `npm run demo` filled (when and from which seed), or null; read before any app is built. */
export async function readDemoMark(ex: Executor): Promise<DemoMark | null> {
  return ((await repo.readSettingRows(ex, [demoKey])).get(demoKey) as DemoMark | undefined) ?? null;
}
