// Prints one closing line for the whole test run from the JSON reports of Vitest and Playwright.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const vitest = 'test-results/vitest.json';
if (existsSync(vitest)) {
  const r = JSON.parse(readFileSync(vitest, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}
const playwright = 'test-results/playwright.json';
if (existsSync(playwright)) {
  const s = JSON.parse(readFileSync(playwright, 'utf8')).stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
