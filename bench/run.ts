/**
 * `npm run bench [-- name…]`: runs every `bench/*.bench.ts` (or those whose file name contains one of the
 * given names) one after another, each in its own Node process so that one benchmark's JIT state, garbage
 * and peak memory do not colour the next. Each benchmark prints its own results.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const given = process.argv.slice(2).filter((arg) => arg !== '--');
// Names pick benchmarks; options (`--quick`) are passed on to each one run.
const filters = given.filter((arg) => !arg.startsWith('--'));
const options = given.filter((arg) => arg.startsWith('--'));
const available = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .sort();
const selected = available.filter((name) => filters.length === 0 || filters.some((f) => name.includes(f)));

if (selected.length === 0) {
  console.error(`No benchmark matches "${filters.join(' ')}". Available: ${available.join(', ') || 'none'}.`);
  process.exit(1);
}

const failed: string[] = [];
for (const name of selected) {
  console.log(`\n▶ bench/${name}\n`);
  const result = spawnSync(process.execPath, [...process.execArgv, join(here, name), ...options], {
    cwd: dirname(here),
    stdio: 'inherit',
  });
  if (result.status !== 0) failed.push(`${name} (${result.signal ?? `exit ${result.status}`})`);
}

if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
