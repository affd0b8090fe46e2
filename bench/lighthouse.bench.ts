/**
 * Lighthouse on the production build: Lighthouse 12's default configuration, which is
 * its mobile preset (a mid-range phone's screen, 4× CPU slowdown and a slow 4G network, simulated), with Debian's
 * Chromium, on five pages: the login (`/`) and the sign-up (`/signup`) signed out; the dashboard, the own profile
 * page (`/profile/public`) and the expert community signed in as the demo community's business advisor (`npm run
 * demo`: about sixty advisors and forty companies with suggestions, requests, connections, reviews and My Network
 * ties), so the pages show what a member of a living community sees, not empty states.
 *
 * The app is started as `npm start -- --demo` does (`node scripts/start.mjs --demo`, which builds the web app first if
 * there is no build, fills the empty database with the demo community, which turns the community tab on, and prints
 * one-time sign-in links) on a free port with a fresh DATA_DIR. The demo expert's printed link is consumed through
 * the API as the login page does; signed-in pages get that session cookie through Lighthouse's `extraHeaders`. (The
 * other benchmarks seed exact volumes instead: they measure at sizes they control.) Each page is measured RUNS times
 * (pages taken in turn, each run in a fresh Chromium), and the median of each figure is printed: scores depend on
 * the machine's load (two shared cores here).
 *
 * Printed per page: performance and accessibility scores (goals ≥ 95 and 100), First Contentful Paint, Largest
 * Contentful Paint, Total Blocking Time, Cumulative Layout Shift; with `--verbose`, each run's figures and the
 * audits that cost points. Every run's JSON report is written under the printed directory.
 *
 * The browser reaches the app as it does in production (README, "Production"): through a TLS proxy that speaks
 * HTTP/2 (`tls-proxy.ts`, with a certificate made for the run); `--http1` measures the app's own HTTP/1.1 port
 * instead, as the rounds before 2026-11-27 did.
 *
 * `npm run bench -- lighthouse` (or `node --import tsx bench/lighthouse.bench.ts`). `--build` rebuilds the web app
 * first (else an existing build is used); `--quick` is one run per page; `--page=/signup` (repeatable) measures only
 * the pages named; BENCH_LIGHTHOUSE_RUNS sets the runs
 * (default 3); CHROME_PATH names the browser (default /usr/bin/chromium). How the numbers are taken:
 * docs/benchmarks.md.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort, repoRoot, shellEnv } from '../apps/server/test/processes.ts';
import { createReport, median } from './report.ts';
import { startTlsProxy } from './tls-proxy.ts';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const verbose = args.includes('--verbose');
const http1 = args.includes('--http1');
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? (quick ? 1 : 3));
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  // The proxy's certificate is made for the run (`tls-proxy.ts`).
  ...(http1 ? [] : ['--ignore-certificate-errors']),
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const goals = { performance: 95, accessibility: 100 };

interface PageToMeasure {
  path: string;
  signedIn: boolean;
}
const allPages: PageToMeasure[] = [
  { path: '/', signedIn: false },
  { path: '/signup', signedIn: false },
  { path: '/dashboard', signedIn: true },
  { path: '/profile/public', signedIn: true },
  { path: '/expert-community', signedIn: true },
];
/** `--page=/signup` (repeatable) measures only those pages. */
const only = args.filter((arg) => arg.startsWith('--page=')).map((arg) => arg.slice('--page='.length));
const pages = only.length > 0 ? allPages.filter((p) => only.includes(p.path)) : allPages;

// The app

if (args.includes('--build')) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'intergen-lighthouse-'));
const port = await freePort();
/** The app's own port: the benchmark's API calls go there. */
const baseURL = `http://localhost:${port}`;
/** Where the browser opens the pages: the TLS proxy in front of the app, or (`--http1`) the app itself. */
const proxyPort = http1 ? port : await freePort();
const pageOrigin = http1 ? baseURL : `https://localhost:${proxyPort}`;
/** The demo community is built only for signed-in pages (the signed-out ones are the same on any database). */
const demo = pages.some((p) => p.signedIn);
const server = spawn(process.execPath, ['scripts/start.mjs', ...(demo ? ['--demo'] : [])], {
  cwd: repoRoot,
  // The links the demo prints lead to APP_URL: the pages' origin.
  env: shellEnv(dataDir, {
    PORT: String(port),
    APP_URL: pageOrigin,
    TRUST_PROXY_HOPS: http1 ? '0' : '1',
    RATE_LIMIT_MULTIPLIER: '20',
  }),
  stdio: ['ignore', 'pipe', 'pipe'],
});

/** The one-time links the demo prints, in its order: the expert's, the company's, the admin's. */
const demoLinkPattern = /(http\S+\/login-options\?token=[A-Za-z0-9_-]+)/g;

/**
 * Resolves once the server is running, with the demo's links when it built the demo (building it takes a minute or
 * more, a few on a busy machine).
 */
function demoLinks(child: ChildProcess): Promise<{ expert: string; company: string; admin: string } | null> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`The demo printed no links:\n${out}`)), 600_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const found = [...out.matchAll(demoLinkPattern)].map((m) => m[1]!);
      if (!out.includes('InterGen is running at')) return;
      if (!demo) {
        clearTimeout(timer);
        resolve(null);
      } else if (found.length >= 3) {
        clearTimeout(timer);
        const [expert, company, admin] = found as [string, string, string];
        resolve({ expert, company, admin });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (code ${code}) before it was ready:\n${out}`));
    });
  });
}

function stop() {
  if (server.exitCode === null) server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
process.on('exit', stop);
process.on('SIGINT', () => process.exit(130));

// The API, as a browser would call it

/** One browser's cookie jar (the session cookie) for the API calls below. */
class Client {
  cookie = '';

  async call<T>(method: 'GET' | 'POST' | 'PUT', pathname: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.cookie) headers.cookie = this.cookie;
    // State-changing calls carry the app's Origin (the server's CSRF check against APP_URL).
    if (method !== 'GET') headers.origin = pageOrigin;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${baseURL}${pathname}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.headers.getSetCookie();
    if (setCookie.length > 0) this.cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${pathname} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}

// Lighthouse

interface RunFigures {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Audits that cost points: accessibility failures, and the performance opportunities worth most. */
  notes: string[];
}

const reportDir = mkdtempSync(path.join(tmpdir(), 'intergen-lighthouse-reports-'));

/** One Lighthouse run of a page; a run Lighthouse itself could not record (NO_NAVSTART, …) is taken again, twice. */
async function measure(page: PageToMeasure, cookie: string, run: number): Promise<RunFigures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measureOnce(page, cookie, run);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt === 3) throw error;
      console.log(`   (${page.path}, run ${run}: ${error.message}; again)`);
    }
  }
}

class LighthouseRuntimeError extends Error {}

async function measureOnce(page: PageToMeasure, cookie: string, run: number): Promise<RunFigures> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    const url = `${pageOrigin}${page.path}`;
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      extraHeaders: page.signedIn ? { Cookie: cookie } : undefined,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    const name = `${page.path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'login'}-${run}.json`;
    writeFileSync(path.join(reportDir, name), result.report as string);
    if (lhr.runtimeError) throw new LighthouseRuntimeError(`${lhr.runtimeError.code}`);
    // A signed-in page that sent the browser to the login measured the wrong page.
    const landed = new URL(lhr.finalDisplayedUrl).pathname;
    if (landed !== page.path)
      throw new Error(`${url} ended at ${landed}: the page was not the one asked for`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const notes: string[] = [];
    for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (ref.weight > 0 && a && a.score !== null && a.score < 1) notes.push(`a11y: ${a.id} (${a.title})`);
    }
    for (const a of Object.values(lhr.audits)) {
      const savings = (a.metricSavings ?? {}) as Record<string, number>;
      const ms = Math.max(savings.FCP ?? 0, savings.LCP ?? 0, savings.TBT ?? 0);
      if (a.score !== null && a.score < 0.9 && ms >= 100) notes.push(`perf: ${a.id} (~${Math.round(ms)} ms)`);
    }
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      notes,
    };
  } finally {
    chrome.kill();
  }
}

// The run

const links = await demoLinks(server);
if (!http1) await startTlsProxy(proxyPort, port, dataDir);
server.stdout?.removeAllListeners('data');
server.stderr?.removeAllListeners('data');
server.stdout?.resume();
server.stderr?.resume();

console.log(
  `Lighthouse ${lighthouseVersion()}, ${chromePath}, mobile preset (default config), ${RUNS} run(s) per page`,
);
console.log(
  `App at ${baseURL} (fresh DATA_DIR${demo ? ', the demo community' : ''}), pages opened at ${pageOrigin} (${http1 ? 'the app itself, HTTP/1.1' : 'a TLS proxy speaking HTTP/2'}), reports in ${reportDir}\n`,
);

/** The demo expert's session cookie, from the printed link (none when only signed out). */
async function memberCookie(): Promise<string> {
  if (!links) return '';
  const member = new Client();
  await member.call('POST', '/api/auth/one-time-link/consume', {
    token: new URL(links.expert).searchParams.get('token'),
  });
  const session = await member.call<{ user: { profile: { status: string } | null } | null }>(
    'GET',
    '/api/auth/session',
  );
  if (session.user?.profile?.status !== 'published') throw new Error('The measured member is not published');
  return member.cookie;
}
const cookie = await memberCookie();

const figures = new Map<string, RunFigures[]>(pages.map((p) => [p.path, []]));
for (let run = 1; run <= RUNS; run += 1) {
  for (const page of pages) {
    const result = await measure(page, cookie, run);
    figures.get(page.path)?.push(result);
    if (verbose) {
      console.log(
        `   run ${run} ${page.path.padEnd(18)} perf ${result.performance} a11y ${result.accessibility} FCP ${ms(result.fcp)} LCP ${ms(result.lcp)} TBT ${ms(result.tbt)} CLS ${result.cls.toFixed(3)}`,
      );
      for (const note of result.notes) console.log(`        ${note}`);
    }
  }
}

function ms(value: number) {
  return value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`;
}

function lighthouseVersion(): string {
  return (spawnSync(process.execPath, ['-p', 'require("lighthouse/package.json").version'], { cwd: repoRoot })
    .stdout?.toString()
    .trim() || '?') as string;
}

console.log(`\nMedian of ${RUNS} run(s) per page`);
const report = createReport({ label: 34, value: 8 });
for (const page of pages) {
  const runs = figures.get(page.path) ?? [];
  const med = (pick: (r: RunFigures) => number) => median(runs.map(pick));
  const perf = med((r) => r.performance);
  const a11y = med((r) => r.accessibility);
  console.log(`\n ${page.path}${page.signedIn ? ' (signed in)' : ''}`);
  report.row('performance', String(perf), {
    text: `≥ ${goals.performance}`,
    ok: perf >= goals.performance,
    name: `${page.path} performance`,
  });
  report.row('accessibility', String(a11y), {
    text: `${goals.accessibility}`,
    ok: a11y >= goals.accessibility,
    name: `${page.path} accessibility`,
  });
  report.row('First Contentful Paint', ms(med((r) => r.fcp)));
  report.row('Largest Contentful Paint', ms(med((r) => r.lcp)));
  report.row('Total Blocking Time', ms(med((r) => r.tbt)));
  report.row('Cumulative Layout Shift', med((r) => r.cls).toFixed(3));
  if (!verbose) {
    const notes = [...new Set(runs.flatMap((r) => r.notes))];
    for (const note of notes.slice(0, 6)) console.log(`      ${note}`);
  }
}
console.log('');
report.summary();
process.exit(0);
