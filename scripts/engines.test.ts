import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` prints no engine warning on the Node the README names: every package the lockfile installs supports
 * the lowest Node version of our own `engines` field.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

describe('the installed packages and the Node the README names', () => {
  it('every package in the lockfile supports the lowest Node of our engines field', () => {
    const lowest = semver.minVersion(read('package.json').engines.node)!.version;
    expect(lowest).toBe('20.19.0');
    const lock = read('package-lock.json') as {
      packages: Record<
        string,
        { version?: string; engines?: { node?: string } | string[]; optional?: boolean }
      >;
    };
    const unsupported = Object.entries(lock.packages).flatMap(([key, entry]) => {
      const node = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!key || !node || semver.satisfies(lowest, node)) return [];
      return [`${key.replace(/^.*node_modules\//, '')}@${entry.version} needs node ${node}`];
    });
    expect(unsupported).toEqual([]);
  });
});
