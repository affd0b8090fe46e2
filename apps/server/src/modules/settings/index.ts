/** The settings module: the one owner of `settings` (key → JSON value; each reader parses its own key). */
export { readSetting } from './settings.repository.ts';
