// `npm test`: the checks and test suites in order, stopping at the first that fails, then one table of where the
// time went (each phase, and the slowest test files from the reports Vitest and Playwright write).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const phases = [
  ['types', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  ['unit and integration', 'npm', ['run', 'test:unit']],
  ['browser', 'npm', ['run', 'test:e2e']],
  ['summary', 'node', ['scripts/test-summary.mjs']],
];

const seconds = (ms) => `${(ms / 1000).toFixed(0).padStart(5)} s`;
const timings = [];
let code = 0;
for (const [name, command, args] of phases) {
  const started = performance.now();
  const run = spawnSync(command, args, { stdio: 'inherit' });
  timings.push([name, performance.now() - started]);
  code = run.status ?? 1;
  if (code !== 0) break;
}

const lines = ['', 'Where the time went:', ...timings.map(([name, ms]) => `${seconds(ms)}  ${name}`)];
try {
  const slowest = [...vitestFiles(), ...playwrightFiles()].sort((a, b) => b[1] - a[1]).slice(0, 10);
  if (slowest.length > 0) {
    lines.push('', 'Slowest test files (their tests):', ...slowest.map(([f, ms]) => `${seconds(ms)}  ${f}`));
  }
} catch (error) {
  // A report in another shape must not fail a run whose tests passed.
  lines.push('', `No per-file times: ${error instanceof Error ? error.message : String(error)}`);
}
console.log(lines.join('\n'));
process.exit(code);

function vitestFiles() {
  const file = 'test-results/vitest.json';
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return (report.testResults ?? []).map((r) => [
    r.name.replace(`${process.cwd()}/`, ''),
    (r.endTime ?? 0) - (r.startTime ?? 0),
  ]);
}

function playwrightFiles() {
  const file = 'test-results/playwright.json';
  if (!existsSync(file)) return [];
  const byFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const ms = spec.tests.flatMap((t) => t.results).reduce((sum, r) => sum + (r.duration ?? 0), 0);
      byFile.set(spec.file, (byFile.get(spec.file) ?? 0) + ms);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of JSON.parse(readFileSync(file, 'utf8')).suites ?? []) walk(suite);
  return [...byFile].map(([f, ms]) => [`e2e/${f}`, ms]);
}
