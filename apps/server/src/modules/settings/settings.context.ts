import type { Db } from '../../db/client.ts';
import type { SettingsCache } from './settings.cache.ts';
import type { SettingsScope } from './settings.model.ts';

/** What the settings use cases work with. */
export interface SettingsContext {
  db: Db;
  scope: SettingsScope;
  cache: SettingsCache;
}
