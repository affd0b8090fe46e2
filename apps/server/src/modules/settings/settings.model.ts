import { createHash } from 'node:crypto';
import {
  type AppSettings,
  AppSettingsSchema,
  type SettingKey,
  SurveyFormUrlSchema,
  settingKeys,
} from '@intergen/contracts';
import {
  type AppEnvironment,
  appEnvironments,
  communityTabByDefault,
  defaultNewChangesPopup,
  matchingDefaults,
  stalledDealDays,
} from '@intergen/domain';
import { z } from 'zod';

/**
 * What the settings' defaults depend on: the environment this server runs as, and the configuration's community
 * tab (`COMMUNITY_TAB`) and support e-mail (`SUPPORT_EMAIL`), which apply until an admin sets them.
 */
export interface SettingsScope {
  appEnv: AppEnvironment;
  defaults: { communityTab: boolean; supportEmail: string };
}

/**
 * The row that marks a demonstration database (`npm run demo` writes it once; no admin setting changes it): every
 * page then shows the demo banner. Its value says when and from which seed the community was made.
 */
export const demoKey = 'demo';
export interface DemoMark {
  createdAt: string;
  seed: number;
}

/** The rows this instance keeps in its copy: every setting, and the demo mark. */
export const storedKeys: readonly string[] = [...settingKeys, demoKey];

/** The stored JSON of each setting that has a row. */
export type StoredSettings = Map<string, unknown>;

const rules = AppSettingsSchema.shape;
const popupRules = rules.newChangesPopup.shape;

/** A stored value that breaks its rule (say, edited by hand) reads as absent: the setting keeps its default. */
const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const perEnvironment = <T extends z.ZodType>(schema: T) =>
  z.object({ production: lenient(schema), staging: lenient(schema), development: lenient(schema) });

const StoredCommunityTab = perEnvironment(z.boolean()).catch({});
const storedUrl = lenient(SurveyFormUrlSchema);
/** Per environment; the flat `{ expert, company }` stored before per-environment forms applies to all. */
const StoredSurveyForms = perEnvironment(z.object({ expert: storedUrl, company: storedUrl }))
  .extend({ expert: storedUrl, company: storedUrl })
  .catch({});
const StoredMatching = z
  .object({ topN: lenient(rules.matching.shape.topN), minScore: lenient(rules.matching.shape.minScore) })
  .catch({});
const StoredPopup = z
  .object({
    releaseDate: lenient(popupRules.releaseDate),
    title: lenient(popupRules.title),
    intro: lenient(popupRules.intro),
    items: lenient(popupRules.items),
  })
  .catch({});

const StoredCrm = z.object({ stalledAfterDays: lenient(rules.crm.shape.stalledAfterDays) }).catch({});

/** The thresholds of automatic suggestions in effect: the same in every environment, defaults from the domain. */
export function matchingThresholdsOf(stored: unknown): AppSettings['matching'] {
  const s = StoredMatching.parse(stored ?? {});
  return { topN: s.topN ?? matchingDefaults.topN, minScore: s.minScore ?? matchingDefaults.minScore };
}

/** The community tab of an environment no admin has set: this server's follows its configuration. */
function defaultCommunityTab(env: AppEnvironment, scope: SettingsScope): boolean {
  return env === scope.appEnv ? scope.defaults.communityTab : communityTabByDefault(env);
}

/** Each setting in effect, from its stored JSON (undefined: no row) and the scope's defaults. */
export const effectiveOf: { [K in SettingKey]: (stored: unknown, scope: SettingsScope) => AppSettings[K] } = {
  communityTab(stored, scope) {
    const s = StoredCommunityTab.parse(stored ?? {});
    const of = (env: AppEnvironment) => s[env] ?? defaultCommunityTab(env, scope);
    return { production: of('production'), staging: of('staging'), development: of('development') };
  },
  surveyForms(stored) {
    const s = StoredSurveyForms.parse(stored ?? {});
    const of = (env: AppEnvironment) => ({
      expert: s[env]?.expert ?? s.expert ?? '',
      company: s[env]?.company ?? s.company ?? '',
    });
    return { production: of('production'), staging: of('staging'), development: of('development') };
  },
  matching: (stored) => matchingThresholdsOf(stored),
  newChangesPopup(stored) {
    const s = StoredPopup.parse(stored ?? {});
    const d = defaultNewChangesPopup;
    return {
      releaseDate: s.releaseDate ?? d.releaseDate,
      title: s.title ?? d.title,
      intro: s.intro ?? d.intro,
      items: s.items ?? [...d.items],
    };
  },
  supportEmail(stored, scope) {
    return lenient(rules.supportEmail).parse(stored) ?? scope.defaults.supportEmail;
  },
  crm(stored) {
    return { stalledAfterDays: StoredCrm.parse(stored ?? {}).stalledAfterDays ?? stalledDealDays.default };
  },
};

/** One setting in effect. */
export function effectiveSetting<K extends SettingKey>(
  key: K,
  stored: StoredSettings,
  scope: SettingsScope,
): AppSettings[K] {
  return effectiveOf[key](stored.get(key), scope);
}

/** Every setting in effect. */
export function effectiveSettings(stored: StoredSettings, scope: SettingsScope): AppSettings {
  return {
    communityTab: effectiveSetting('communityTab', stored, scope),
    surveyForms: effectiveSetting('surveyForms', stored, scope),
    matching: effectiveSetting('matching', stored, scope),
    newChangesPopup: effectiveSetting('newChangesPopup', stored, scope),
    supportEmail: effectiveSetting('supportEmail', stored, scope),
    crm: effectiveSetting('crm', stored, scope),
  };
}

/**
 * What to store for a setting an admin changed to `value`. The community tab keeps following the default in the
 * environments that never had a value and still have the default's: a server's own environment then keeps
 * following its `COMMUNITY_TAB` until an admin sets that environment. Everything else is stored as it is.
 */
export function storedValueOf<K extends SettingKey>(
  key: K,
  before: unknown,
  value: AppSettings[K],
  scope: SettingsScope,
): unknown {
  if (key !== 'communityTab') return value;
  const flags = value as AppSettings['communityTab'];
  const stored = StoredCommunityTab.parse(before ?? {});
  return Object.fromEntries(
    appEnvironments
      .filter((env) => stored[env] !== undefined || flags[env] !== defaultCommunityTab(env, scope))
      .map((env) => [env, flags[env]]),
  );
}

/** JSON with every object's keys sorted: the same value always reads the same, whatever order jsonb gave it. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** A short fingerprint of what is stored: a change sent with an older one was made against other settings. */
export function revisionOf(stored: StoredSettings, keys: readonly string[]): string {
  const text = canonicalJson(keys.map((key) => [key, stored.get(key) ?? null]));
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}
