/**
 * Whether the session cache pays: the load benchmark (bench/load.bench.ts: two instances on PostgreSQL, members
 * signing in, loading the dashboard and a community page, sending and accepting requests) run twice in one
 * sitting, with the instances' session cache (the looked-up sessions and the kept lists it holds) on and off,
 * each in its own process, then printed side by side per call kind: p50 and p99, and requests a second.
 *
 * `npm run bench -- session-cache` (options such as `--quick` go to both runs).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const options = process.argv.slice(2);

interface Run {
  kinds: Map<string, { requests: string; errors: string; p50: string; p99: string }>;
  perSecond: string;
}

/** One run of the load benchmark; its per-kind table read back from what it prints. */
function run(sessionCache: boolean): Run {
  console.log(`\n▶ load benchmark, session cache ${sessionCache ? 'on' : 'off'}\n`);
  const result = spawnSync(
    process.execPath,
    [...process.execArgv, path.join(here, 'load.bench.ts'), ...options],
    {
      cwd: path.dirname(here),
      env: { ...process.env, BENCH_LOAD_SESSION_CACHE: String(sessionCache) },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  process.stdout.write(result.stdout);
  if (result.status !== 0) {
    process.stderr.write(result.stderr);
    throw new Error(`the load benchmark failed with the session cache ${sessionCache ? 'on' : 'off'}`);
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

const on = run(true);
const off = run(false);
console.log('\nSide by side (session cache on | off):\n');
console.log(
  `   ${'call'.padEnd(20)}${'p50 on'.padStart(11)}${'p50 off'.padStart(11)}${'p99 on'.padStart(11)}${'p99 off'.padStart(11)}${'errors on/off'.padStart(15)}`,
);
for (const [kind, a] of on.kinds) {
  const b = off.kinds.get(kind);
  console.log(
    `   ${kind.padEnd(20)}${a.p50.padStart(11)}${(b?.p50 ?? '–').padStart(11)}${a.p99.padStart(11)}${(b?.p99 ?? '–').padStart(11)}${`${a.errors}/${b?.errors ?? '–'}`.padStart(15)}`,
  );
}
console.log(`\n   requests per second: ${on.perSecond} on, ${off.perSecond} off`);
