/**
 * The matching kernel (packages/domain/src/matching) on generated data: reference against kernel, one new
 * profile against 100,000 counterparts, and a full 10,000 × 10,000 batch. How the numbers are taken:
 * docs/benchmarks.md. Run with `npm run bench -- scoring`.
 */
import { cpus, loadavg } from 'node:os';
import {
  generateCompanies,
  generateExperts,
  packCompanies,
  packExperts,
  scoreAll,
  scoreCompanyVsExperts,
  scoreExpertVsCompanies,
  scoreMatch,
  topMatches,
} from '@intergen/domain';
import { createReport, int, median } from './report.ts';

const goals = { ratio: 20, oneVsManyMs: 5, batchMs: 1500 };

// Helpers

/** Milliseconds taken by `fn`, from the monotonic high-resolution clock. */
function time(fn: () => void): number {
  const start = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}
const ms = (n: number) => `${n.toFixed(n < 10 ? 3 : 1)} ms`;
const perSecond = (pairs: number, millis: number) =>
  `${(((pairs / millis) * 1e3) / 1e6).toFixed(2)} M pairs/s`;
const { row, summary } = createReport({ label: 32, value: 20 });
/** A value the JIT cannot prove unused, so no timed loop is optimised away. */
let sink = 0;

console.log(
  `Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}, ` +
    `load average ${loadavg()[0]!.toFixed(2)} (one core used)`,
);

// 1. Reference against kernel, the same pairs

{
  const experts = generateExperts(2_000, 1);
  const companies = generateCompanies(500, 2);
  const pairs = experts.length * companies.length;
  const expected = new Uint8Array(pairs);
  const actual = new Uint8Array(pairs);

  const runReference = (count: number) => {
    for (let j = 0; j < count; j++) {
      const c = companies[j]!;
      const row = j * experts.length;
      for (let i = 0; i < experts.length; i++) expected[row + i] = scoreMatch(experts[i]!, c);
    }
  };
  let packed = packExperts(experts);
  const packMs = median(Array.from({ length: 5 }, () => time(() => (packed = packExperts(experts)))));
  const runKernel = (count: number) => {
    for (let j = 0; j < count; j++) {
      scoreCompanyVsExperts(
        companies[j]!,
        packed,
        actual.subarray(j * experts.length, (j + 1) * experts.length),
      );
    }
  };

  runReference(50); // warm-up: 100,000 pairs each
  runKernel(50);
  const referenceMs = median(Array.from({ length: 3 }, () => time(() => runReference(companies.length))));
  const kernelMs = median(Array.from({ length: 15 }, () => time(() => runKernel(companies.length))));
  const identical = expected.every((score, k) => actual[k] === score);
  const ratio = referenceMs / kernelMs;

  console.log(
    `\n1. Reference against kernel on the same ${int(pairs)} pairs (${int(experts.length)} experts × ${int(companies.length)} companies)`,
  );
  row('reference (scoreMatch)', perSecond(pairs, referenceMs), undefined, `${ms(referenceMs)}, median of 3`);
  row(
    'kernel (scoreCompanyVsExperts)',
    perSecond(pairs, kernelMs),
    undefined,
    `${ms(kernelMs)}, median of 15`,
  );
  row('kernel ÷ reference', `${ratio.toFixed(0)} ×`, {
    text: `≥ ${goals.ratio} ×`,
    ok: ratio >= goals.ratio,
    name: 'ratio',
  });
  row('identical scores', `${int(pairs)} pairs`, { text: 'all', ok: identical, name: 'identical' });
  row('packing the 2,000 experts', ms(packMs), undefined, 'once, not in the kernel time');
  if (!identical) process.exitCode = 1;
}

// 2. One new profile against 100,000 counterparts

{
  const n = 100_000;
  let experts = packExperts([]);
  let companies = packCompanies([]);
  const expertList = generateExperts(n, 3);
  const companyList = generateCompanies(n, 4);
  const packExpertsMs = time(() => (experts = packExperts(expertList)));
  const packCompaniesMs = time(() => (companies = packCompanies(companyList)));
  const newCompanies = generateCompanies(30, 5);
  const newExperts = generateExperts(30, 6);
  const out = new Uint8Array(n);

  const measure = (score: (k: number) => void) => {
    for (let k = 0; k < 5; k++) score(k); // warm-up
    return median(Array.from({ length: 25 }, (_, k) => time(() => score(5 + k))));
  };
  const companyMs = measure((k) => scoreCompanyVsExperts(newCompanies[k]!, experts, out));
  const expertMs = measure((k) => scoreExpertVsCompanies(newExperts[k]!, companies, out));
  const topMs = measure((k) => {
    scoreCompanyVsExperts(newCompanies[k]!, experts, out);
    sink += topMatches(out, 5, 60).length;
  });

  const oneGoal = (name: string, value: number) => ({
    text: `≤ ${goals.oneVsManyMs} ms`,
    ok: value <= goals.oneVsManyMs,
    name,
  });
  console.log(
    `\n2. One new profile against ${int(n)} counterparts (median of 25 profiles, after 5 for warm-up)`,
  );
  row('company against experts', ms(companyMs), oneGoal('company vs experts', companyMs));
  row('expert against companies', ms(expertMs), oneGoal('expert vs companies', expertMs));
  row('company, then topMatches(5, 60)', ms(topMs));
  row(`packing ${int(n)} experts`, ms(packExpertsMs), undefined, 'once, not timed above');
  row(`packing ${int(n)} companies`, ms(packCompaniesMs), undefined, 'once, not timed above');
}

// 3. A full batch

{
  const n = 10_000;
  const experts = packExperts(generateExperts(n, 7));
  const companies = packCompanies(generateCompanies(n, 8));
  const pairs = n * n;
  const light = () =>
    scoreAll(experts, companies, (i, scores) => {
      sink += scores[i]!;
    });
  scoreAll(packExperts(generateExperts(500, 9)), companies, (i, scores) => {
    sink += scores[i]!;
  }); // warm-up: 5,000,000 pairs
  const batchMs = median(Array.from({ length: 3 }, () => time(light)));
  let suggestions = 0;
  const withTopMs = time(() =>
    scoreAll(experts, companies, (_, scores) => {
      suggestions += topMatches(scores, 5, 60).length;
    }),
  );

  console.log(
    `\n3. Full batch: ${int(n)} experts × ${int(n)} companies = ${int(pairs)} pairs, scoreAll on one core`,
  );
  row(
    'scoring',
    ms(batchMs),
    { text: `≤ ${int(goals.batchMs)} ms`, ok: batchMs <= goals.batchMs, name: 'batch' },
    `median of 3; ${perSecond(pairs, batchMs)}`,
  );
  row('scoring + topMatches(5, 60)', ms(withTopMs), undefined, `one run; ${int(suggestions)} suggestions`);
}

// Memory and summary

const peak = process.resourceUsage().maxRSS * 1024;
console.log(
  `\nPeak memory (maxRSS): ${(peak / 2 ** 20).toFixed(0)} MiB; rss now ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`,
);
summary();
if (sink === -1) console.log(sink);
