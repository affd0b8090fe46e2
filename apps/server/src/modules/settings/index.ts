/**
 * The settings module: the one owner of `settings` (key → JSON). `createSettingsService` reads each run-time
 * setting in effect for this server's environment (the community tab, survey forms, matching thresholds, the
 * version-change popup, the support e-mail, the CRM board's days without movement) and applies the admin's
 * audited changes; other modules get its readers wired in by the app (app.ts) and never read the table.
 */

export type { DemoMark } from './settings.model.ts';
export {
  createSettingsService,
  readDemoMark,
  readMatchingThresholds,
  type SettingsService,
} from './settings.service.ts';
export { demoMarkAction, settingsUpdateAction } from './update-settings.ts';
