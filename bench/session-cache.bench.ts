/**
 * Whether the session cache and the kept lists pay: the load benchmark (bench/load.bench.ts: two instances on
 * PostgreSQL, members signing in, loading the dashboard and a community page, sending and accepting requests) run
 * three times in one sitting — the session cache with its kept lists, the session cache alone (`KEPT_LISTS=false`),
 * neither — each in its own process, then printed side by side per call kind: p50 and p99, and requests a second.
 *
 * `npm run bench -- session-cache` (options such as `--quick` go to both runs).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
// `--order=none,sessions,all` runs the variants in another order (to tell an order effect from a cache's).
const orderArg = process.argv.find((a) => a.startsWith('--order='));
const options = process.argv.slice(2).filter((a) => a !== orderArg);

interface Run {
  kinds: Map<string, { requests: string; errors: string; p50: string; p99: string }>;
  perSecond: string;
}

type Variant = 'all' | 'sessions' | 'none';
const variants: Record<Variant, { label: string; sessionCache: boolean; keptLists: boolean }> = {
  all: { label: 'sessions + lists', sessionCache: true, keptLists: true },
  sessions: { label: 'sessions only', sessionCache: true, keptLists: false },
  none: { label: 'no cache', sessionCache: false, keptLists: false },
};

/** One run of the load benchmark; its per-kind table read back from what it prints. */
function run(variant: Variant): Run {
  const { label, sessionCache, keptLists } = variants[variant];
  console.log(`\n▶ load benchmark, ${label}\n`);
  const result = spawnSync(
    process.execPath,
    [...process.execArgv, path.join(here, 'load.bench.ts'), ...options],
    {
      cwd: path.dirname(here),
      env: {
        ...process.env,
        BENCH_LOAD_SESSION_CACHE: String(sessionCache),
        BENCH_LOAD_KEPT_LISTS: String(keptLists),
      },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  process.stdout.write(result.stdout);
  if (result.status !== 0) {
    process.stderr.write(result.stderr);
    throw new Error(`the load benchmark failed (${label})`);
  }
  const kinds: Run['kinds'] = new Map();
  // "   suggestions          1,234       0    12.3 ms    45 ms    80 ms"
  for (const m of result.stdout.matchAll(
    /^ {3}([a-z][a-z -]*?) +([\d,]+) +(\d+) +([\d.]+ m?s) +([\d.]+ m?s) +[\d.]+ m?s$/gm,
  )) {
    kinds.set(m[1]!.trim(), { requests: m[2]!, errors: m[3]!, p50: m[4]!, p99: m[5]! });
  }
  const perSecond = /requests per second\s+(\d+)/.exec(result.stdout)?.[1] ?? '?';
  return { kinds, perSecond };
}

const order = (orderArg?.slice('--order='.length).split(',') ?? ['all', 'sessions', 'none']) as Variant[];
if (order.some((v) => !(v in variants)))
  throw new Error(`--order: a list of ${Object.keys(variants).join(', ')}`);
const runs = order.map(run);
const pad = (text: string, width: number) => text.padStart(width);
console.log(`\nSide by side (${order.map((v) => variants[v].label).join(' | ')}):\n`);
console.log(
  `   ${'call'.padEnd(20)}${order.map((_, i) => pad(`p50 ${i + 1}`, 10)).join('')}${order.map((_, i) => pad(`p99 ${i + 1}`, 10)).join('')}${pad('errors', 12)}`,
);
for (const kind of runs[0]!.kinds.keys()) {
  const cells = runs.map((r) => r.kinds.get(kind));
  console.log(
    `   ${kind.padEnd(20)}${cells.map((c) => pad(c?.p50 ?? '–', 10)).join('')}${cells.map((c) => pad(c?.p99 ?? '–', 10)).join('')}${pad(cells.map((c) => c?.errors ?? '–').join('/'), 12)}`,
  );
}
console.log(
  `\n   requests per second: ${runs.map((r, i) => `${r.perSecond} (${variants[order[i]!].label})`).join(', ')}`,
);
