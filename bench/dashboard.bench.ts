/**
 * The dashboard with 150 cards: a member with 50 suggestions, 50 connection requests
 * received and 50 connections opens /dashboard in Chromium, and no task of the main thread may take over 200 ms.
 *
 * The production build (`npm run build` first when it is missing or older than the web app's sources) is served by
 * `node scripts/start.mjs` on a fresh PostgreSQL database (created and dropped), so that the bench can seed it with
 * SQL while the app runs. Two members sign up and fill their profiles through the HTTP API as the wizard does (a
 * company, published at once, and an expert, approved in SQL), then each gets 150 published counterparts with
 * generated profiles: 50 open suggestions, 50 requests the counterparts sent them (unseen again before every
 * load), and 50 connections (accepted requests, unrated). Debian's Chromium (headless, the browser tests' flags)
 * loads /dashboard with the member's session in a fresh context (cold cache) at 390 × 844 and at 1440 × 900, and
 * `PerformanceObserver` (`longtask` and `long-animation-frame`, buffered, registered before the page's scripts)
 * records every long task from navigation until the dashboard shows a card in each of its three carousels and no
 * request (the live stream aside) has been in flight for a second.
 *
 * Printed per member and viewport (median and worst of the runs): the longest task (goal ≤ 200 ms, on the
 * median), the tasks over 50 ms (count, sum, and the blocking time beyond 50 ms each, as Lighthouse's TBT), the
 * time to the dashboard's content, and the cards in the page; then the same at 4× CPU slowdown (CDP
 * `Emulation.setCPUThrottlingRate`; informative) and My Network's requests and connections sections.
 *
 * `npm run bench -- dashboard`; `--quick` for 2 loads per case and no slowdown; `--trace` writes traces of one load
 * per member, at full speed and at 4× slowdown (as Chrome DevTools' Performance panel records one, with its JavaScript samples; open it there) to
 * the system's temporary folder, and prints what the longest tasks spent their time on. BENCH_DASHBOARD_RUNS sets the loads per case (default 5); BENCH_DATABASE_URL the
 * PostgreSQL server. How the numbers are taken: docs/benchmarks.md.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import {
  type CompanyMatchFacets,
  connectionRequestTexts,
  type ExpertMatchFacets,
  generateCompanies,
  generateExperts,
  networkTexts,
  type ProfileType,
  suggestionTexts,
} from '@intergen/domain';
import { type Browser, type BrowserContext, chromium } from '@playwright/test';
import type { Database } from '../apps/server/src/db/client.ts';
import { validSections } from '../apps/server/test/factories.ts';
import { freePort, repoRoot, shellEnv, stopServer } from '../apps/server/test/processes.ts';
import { chromiumLaunchOptions } from '../e2e/support/browser.ts';
import { api, verificationCode } from './members.ts';
import { seedData, seedProfiles, withPostgres } from './profiles.ts';
import { createReport, int, median } from './report.ts';

// Size and options

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const traced = args.includes('--trace');
const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? (quick ? 2 : 5));
const THROTTLED_RUNS = quick ? 0 : 3;
const NETWORK_RUNS = quick ? 1 : 3;
const PER_LIST = 50;
const goals = { longestTaskMs: 200 };
const viewports = [
  { name: '390 × 844', width: 390, height: 844 },
  { name: '1440 × 900', width: 1440, height: 900 },
] as const;
/** After the content is shown, the page counts as settled once no request has been in flight this long. */
const QUIET_MS = 1_000;
const SETTLE_CAP_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (n: number) => (n >= 10_000 ? `${(n / 1000).toFixed(1)} s` : `${n.toFixed(0)} ms`);
const { row, summary } = createReport({ label: 36, value: 16 });

// The production build, made when it is missing or older than what it is built from

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(
      newest,
      entry.isDirectory() ? newestSource(full) : entry.name.includes('.test.') ? 0 : statSync(full).mtimeMs,
    );
  }
  return newest;
}

function buildIfNeeded() {
  const built = path.join(repoRoot, 'apps/web/dist/index.html');
  const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/domain/src']
    .concat('packages/contracts/src')
    .map((p) => path.join(repoRoot, p));
  const newest = Math.max(
    ...sources.map((p) => (statSync(p).isDirectory() ? newestSource(p) : statSync(p).mtimeMs)),
  );
  if (existsSync(built) && statSync(built).mtimeMs >= newest) return 'the build is up to date';
  const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}${build.stderr}`);
  return 'built the web app (npm run build)';
}

// The app: `node scripts/start.mjs` on the bench's database

interface Server {
  child: ChildProcess;
  base: string;
  output: () => string;
}

async function startApp(databaseUrl: string, dataDir: string): Promise<Server> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: shellEnv(dataDir, {
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      APP_URL: base,
      COMMUNITY_TAB: 'true',
      LOG_LEVEL: 'warn',
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const output = () => out;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the app did not start:\n${out}`)), 120_000);
    child.stdout!.on('data', (d: Buffer) => {
      out = (out + d).slice(-50_000);
      if (out.includes('InterGen is running at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (d: Buffer) => {
      out = (out + d).slice(-50_000);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the app exited with ${code}:\n${out}`));
    });
  });
  return { child, base, output };
}

async function stopApp(server: Server) {
  await stopServer(server.child, 15_000);
}

// The members: signed up and filled through the API, as the wizard saves a profile

interface Member {
  kind: ProfileType;
  id: string;
  email: string;
  cookie: string;
}

async function signUpMember(base: string, database: Database, kind: ProfileType): Promise<Member> {
  const email = `dashboard.${kind}.${randomBytes(3).toString('hex')}@bench.example`;
  const member: Member = { kind, id: '', email, cookie: '' };
  const name = kind === 'company' ? 'Grace Founder' : 'Ada Advisor';
  const { user } = await api(base, member, 'POST', '/api/auth/sign-up', {
    name,
    email,
    password: `Sturdy-${randomBytes(6).toString('hex')}`,
    profileType: kind,
  });
  member.id = user.id;
  for (const [section, body] of Object.entries(validSections[kind])) {
    await api(base, member, 'PUT', `/api/profiles/me/sections/${section}`, body);
  }
  await api(base, member, 'POST', '/api/profiles/me/review-reached');
  const code = await verificationCode(database, email);
  await api(base, member, 'POST', '/api/auth/email-verification/verify', { code });
  await api(base, member, 'POST', '/api/profiles/me/submit');
  if (kind === 'expert') {
    // The admin's approval, in SQL (an expert submits for approval; a company publishes at once).
    await database.query(
      `UPDATE experts SET profile_pending = false, profile_published = true,
         publish_date = date_trunc('day', now()) WHERE id = $1`,
      [member.id],
    );
  }
  return member;
}

// The member's 150 counterparts, seeded with SQL

const message =
  'Hello! We met at the founders breakfast last month.\nI would love to hear how you took your product to a ' +
  'second market; could we talk for half an hour next week?';

/**
 * 150 published counterparts of the member (a variety of names, verified marks and ratings), and between them:
 * 50 open suggestions, 50 requests the counterparts sent (open, unseen), 50 connections (accepted, unrated; half
 * asked by the member, half by the counterpart), with the notifications the app would have made.
 */
async function seedCounterparts(database: Database, member: Member, seed: number) {
  const n = PER_LIST * 3;
  const other: ProfileType = member.kind === 'company' ? 'expert' : 'company';
  const experts = seedData<ExpertMatchFacets>('e', other === 'expert' ? generateExperts(n, seed) : [], seed);
  const companies = seedData<CompanyMatchFacets>(
    'c',
    other === 'company' ? generateCompanies(n, seed) : [],
    seed,
  );
  await seedProfiles(database, experts, companies);
  const ids = other === 'expert' ? experts.ids : companies.ids;
  const table = other === 'expert' ? 'experts' : 'companies';
  // Variety on the cards: a third verified (experts), a third rated from 5 reviews, a few long names.
  await database.query(
    `UPDATE ${table} SET
       ${other === 'expert' ? 'is_verified = (ord % 3 = 0),' : ''}
       number_of_ratings = CASE WHEN ord % 3 = 1 THEN 5 + ord % 7 ELSE 0 END,
       average_rating = CASE WHEN ord % 3 = 1 THEN 3 + (ord % 5) * 0.4 ELSE 0 END,
       name = CASE WHEN ord % 10 = 0 THEN name || ' Montgomery-Fitzwilliam' ELSE name END,
       profile_image = jsonb_build_object('url', '/avatars/${other}-' || (1 + ord % 4) || '.svg', 'name', 'avatar')
     FROM unnest($1::text[]) WITH ORDINALITY AS t(id, ord) WHERE ${table}.id = t.id`,
    [ids],
  );
  await database.query(
    `INSERT INTO contact_info (user_id, email, phone, linkedin)
     SELECT id, id || '@bench.example', '5551234567', 'https://www.linkedin.com/in/' || id FROM unnest($1::text[]) AS t(id)`,
    [ids],
  );
  const memberSide = member.kind === 'company' ? 'company' : 'expert';
  const pair = (otherId: string) =>
    memberSide === 'company'
      ? { expert: otherId, company: member.id }
      : { expert: member.id, company: otherId };
  const pairs = ids.map(pair);
  // Suggestions of every pair, newest first in list order; the last 100 have requests.
  await database.query(
    `INSERT INTO match_suggestions (id, expert_id, company_id, created_by, request_sent, request_sent_at, deal_id, created_at)
     SELECT 'bench-' || e || '-' || c, e, c, 'bench', ord > $3, CASE WHEN ord > $3 THEN now() - ord * interval '1 hour' END,
       CASE WHEN ord > $3 THEN 'deal-' || ord END, now() - ord * interval '1 hour'
     FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS t(e, c, ord)`,
    [pairs.map((p) => p.expert), pairs.map((p) => p.company), PER_LIST],
  );
  const otherRequester = other === 'expert' ? 'expert' : 'venture';
  const memberRequester = other === 'expert' ? 'venture' : 'expert';
  await database.query(
    `INSERT INTO connection_requests (id, expert_id, company_id, requested_by, message, seen, accepted, request_sent_at, connected_on)
     SELECT 'bench-' || e || '-' || c, e, c,
       CASE WHEN ord <= $4 OR ord % 2 = 0 THEN $5::text ELSE $6::text END,
       $3, ord > $4, ord > $4, now() - ord * interval '1 hour',
       CASE WHEN ord > $4 THEN now() - (ord - $4) * interval '1 day' END
     FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS t(e, c, ord)`,
    [
      pairs.slice(PER_LIST).map((p) => p.expert),
      pairs.slice(PER_LIST).map((p) => p.company),
      message,
      PER_LIST,
      otherRequester,
      memberRequester,
    ],
  );
  // The notifications the app made on the way: a suggestion (experts are told of theirs), a request received,
  // a request accepted (the member's own requests).
  await database.query(
    `INSERT INTO notifications (id, user_id, kind, suggestion_id, request_id, counterpart_id, message, created_at)
     SELECT 'bench-n-' || s.id, $1, k.kind, s.id, r.id,
       CASE WHEN s.expert_id = $1 THEN s.company_id ELSE s.expert_id END, r.message, s.created_at
     FROM match_suggestions s
     LEFT JOIN connection_requests r ON r.id = s.id
     CROSS JOIN LATERAL (SELECT CASE
       WHEN r.id IS NULL THEN CASE WHEN $2::text = 'expert' THEN 'suggestion' END
       WHEN NOT r.accepted THEN 'request_received'
       WHEN r.requested_by = $3::text THEN 'request_accepted' END AS kind) k
     WHERE (s.expert_id = $1 OR s.company_id = $1) AND k.kind IS NOT NULL`,
    [member.id, member.kind, memberRequester],
  );
  await database.query('VACUUM ANALYZE');
}

/** The member's received requests read as new again (the dashboard marks them seen as it shows them). */
async function unseeReceived(database: Database, member: Member) {
  await database.query(
    `UPDATE connection_requests SET seen = false WHERE NOT accepted AND ${member.kind === 'company' ? 'company_id' : 'expert_id'} = $1`,
    [member.id],
  );
}

// One page load, observed

interface Observed {
  longTasks: { start: number; duration: number }[];
  frames: {
    start: number;
    duration: number;
    blocking: number;
    scripts: { url: string; fn: string; invoker: string; duration: number }[];
  }[];
  contentAt: number | null;
  completeAt: number | null;
  cards: number;
  /** Cumulative Layout Shift as Chromium's web-vitals count it: the worst session window of shifts. */
  cls: number;
  /** The element that moved most in that window (tag and its name), and by how much. */
  shifted: { node: string; value: number } | null;
  /** The height of the first card of each list once all are in (px), to size the skeletons by. */
  cardHeights: number[];
}

interface Load {
  longest: number;
  over50: number;
  sum50: number;
  blocking: number;
  contentAt: number;
  completeAt: number;
  /** The most CPU time one task of the main thread took (its thread time, whatever else ran on the machine). */
  longestCpu: number;
  cards: number;
  frames: Observed['frames'];
  cls: number;
  shifted: Observed['shifted'];
  cardHeights: number[];
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

/** The trace categories Chrome DevTools' Performance panel records (with JavaScript samples). */
const devtoolsCategories = [
  '__metadata',
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'blink.user_timing',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
];

/** A task of a thread's loop, as Chromium names it in the `toplevel` category (the name changed over versions). */
const taskEvents = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/**
 * The outermost task events of one thread, by one name: `toplevel`'s when the trace has them (DevTools' own
 * categories record each task a second time as `RunTask`).
 */
function outermostTasks(events: TraceEvent[]): TraceEvent[] {
  const named = events.filter((e) => e.ph === 'X' && taskEvents.has(e.name));
  const name = named.some((e) => e.name === 'ThreadControllerImpl::RunTask')
    ? 'ThreadControllerImpl::RunTask'
    : 'RunTask';
  let end = Number.NEGATIVE_INFINITY;
  const outer: TraceEvent[] = [];
  for (const e of named.filter((t) => t.name === name).sort((a, b) => a.ts - b.ts)) {
    if (e.ts < end) continue;
    outer.push(e);
    end = e.ts + (e.dur ?? 0);
  }
  return outer;
}

/** The tasks of the busiest renderer main thread in a trace, in ms: wall time and thread (CPU) time. */
function mainThreadTasks(trace: { traceEvents: TraceEvent[] }): { wall: number; cpu: number }[] {
  const mains = new Set(
    trace.traceEvents
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, { wall: number; cpu: number }[]>();
  for (const thread of mains) {
    const own = trace.traceEvents.filter((e) => `${e.pid}:${e.tid}` === thread);
    byThread.set(
      thread,
      outermostTasks(own).map((e) => ({ wall: (e.dur ?? 0) / 1000, cpu: (e.tdur ?? 0) / 1000 })),
    );
  }
  const total = (list: { cpu: number }[]) => list.reduce((s, t) => s + t.cpu, 0);
  return [...byThread.values()].sort((a, b) => total(b) - total(a))[0] ?? [];
}

/** A page to load, the headings of its lists, and how many cards they hold together once all are shown. */
interface Target {
  path: string;
  headings: string[];
  cards: number;
}

/**
 * Registered before the page's own scripts: records long tasks and long animation frames, the first frame in
 * which each named list (a carousel, by its heading) shows a card, and the first in which they show all `cards`
 * together. Plain JavaScript text: a function handed
 * to the page would carry the helpers tsx adds to named functions, which the page does not have.
 */
const observeScript = (headings: string[], cards: number) => `(() => {
  const headings = ${JSON.stringify(headings)};
  const state = {
    longTasks: [], frames: [], contentAt: null, completeAt: null, cards: 0, cls: 0, shifted: null, cardHeights: [],
  };
  window.__bench = state;
  // CLS: shifts without recent input, grouped in session windows (gaps under 1 s, at most 5 s); the worst window.
  let window_ = { value: 0, first: 0, last: 0, by: new Map() };
  const describe = (node) => {
    if (!node || !node.tagName) return 'a node no longer in the page';
    const label = node.getAttribute('aria-labelledby');
    const named = label && document.getElementById(label);
    return node.tagName.toLowerCase() + (node.className && typeof node.className === 'string'
      ? '.' + node.className.split(' ')[0] : '') + (named ? ' "' + named.textContent + '"' : '');
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      if (window_.value > 0 && (e.startTime - window_.last > 1000 || e.startTime - window_.first > 5000)) {
        window_ = { value: 0, first: e.startTime, last: 0, by: new Map() };
      }
      if (window_.value === 0) window_.first = e.startTime;
      window_.value += e.value;
      window_.last = e.startTime;
      const source = (e.sources || []).reduce((a, b) => {
        const area = (r) => r.width * r.height;
        return !a || area(b.previousRect) > area(a.previousRect) ? b : a;
      }, null);
      const key = describe(source && source.node);
      window_.by.set(key, (window_.by.get(key) || 0) + e.value);
      if (window_.value > state.cls) {
        state.cls = window_.value;
        const [node, value] = [...window_.by].sort((a, b) => b[1] - a[1])[0];
        state.shifted = { node, value };
      }
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) state.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  try {
    // Long animation frames (Chromium 123+) say which scripts a frame ran.
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        state.frames.push({
          start: e.startTime,
          duration: e.duration,
          blocking: e.blockingDuration,
          scripts: e.scripts.map((s) => ({
            url: s.sourceURL, fn: s.sourceFunctionName, invoker: s.invoker, duration: s.duration,
          })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {}
  const cardsIn = (heading) => {
    const h = [...document.querySelectorAll('h2')].find((el) => el.textContent === heading);
    const list = h && h.id && document.querySelector(':is(ul, [role="list"])[aria-labelledby="' + CSS.escape(h.id) + '"]');
    return list ? list.querySelectorAll('article').length : 0;
  };
  const check = () => {
    const counts = headings.map(cardsIn);
    if (state.contentAt === null && counts.every((n) => n > 0)) state.contentAt = performance.now();
    state.cards = counts.reduce((a, b) => a + b, 0);
    if (state.cards >= ${cards}) {
      state.completeAt = performance.now();
      state.cardHeights = headings.map((heading) => {
        const h = [...document.querySelectorAll('h2')].find((el) => el.textContent === heading);
        const card = h && document.querySelector(':is(ul, [role="list"])[aria-labelledby="' + CSS.escape(h.id) + '"] article');
        return card ? Math.round(card.getBoundingClientRect().height) : 0;
      });
    } else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

async function load(
  browser: Browser,
  base: string,
  member: Member,
  target: Target,
  viewport: { width: number; height: number },
  opts: { throttle?: number; traceTo?: string } = {},
): Promise<Load> {
  const context: BrowserContext = await browser.newContext({ viewport, baseURL: base });
  try {
    await context.addCookies([
      {
        name: 'intergen_session',
        value: member.cookie.slice(member.cookie.indexOf('=') + 1),
        url: base,
        httpOnly: true,
      },
    ]);
    await context.addInitScript({ content: observeScript(target.headings, target.cards) });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (opts.throttle) await cdp.send('Emulation.setCPUThrottlingRate', { rate: opts.throttle });
    // The main thread's tasks as Chromium's tracing sees them: wall time and the thread's own CPU time (and, for
    // --trace, what DevTools records).
    await browser.startTracing(page, {
      categories: opts.traceTo ? devtoolsCategories : ['toplevel', '__metadata'],
    });
    // Requests in flight, the live stream aside (it stays open).
    let inFlight = 0;
    let lastChange = Date.now();
    const counted = (url: string) => !url.includes('/api/events');
    page.on('request', (r) => {
      if (counted(r.url())) inFlight++;
      lastChange = Date.now();
    });
    const done = (r: { url(): string }) => {
      if (counted(r.url())) inFlight--;
      lastChange = Date.now();
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);

    await page.goto(target.path, { waitUntil: 'commit' });
    // Every card shown, then no request in flight for a while (the cards' own calls: seen, pictures).
    const complete = () => (window as unknown as { __bench: Observed }).__bench.completeAt !== null;
    await page.waitForFunction(complete, null, { polling: 250, timeout: SETTLE_CAP_MS }).catch(async () => {
      const cards = await page.evaluate(() => (window as unknown as { __bench: Observed }).__bench.cards);
      throw new Error(
        `${target.path} showed ${cards} of ${target.cards} cards after ${SETTLE_CAP_MS / 1000} s`,
      );
    });
    const deadline = Date.now() + SETTLE_CAP_MS;
    while (!(inFlight <= 0 && Date.now() - lastChange >= QUIET_MS) && Date.now() < deadline) await sleep(100);

    const observed = await page.evaluate(() => (window as unknown as { __bench: Observed }).__bench);
    const trace = (await browser.stopTracing()).toString('utf8');
    if (opts.traceTo) writeFileSync(opts.traceTo, trace);
    const tasks = mainThreadTasks(JSON.parse(trace));
    const over = observed.longTasks.filter((t) => t.duration > 50);
    return {
      longest: Math.max(0, ...observed.longTasks.map((t) => t.duration)),
      over50: over.length,
      sum50: over.reduce((s, t) => s + t.duration, 0),
      blocking: over.reduce((s, t) => s + t.duration - 50, 0),
      contentAt: observed.contentAt ?? Number.NaN,
      completeAt: observed.completeAt ?? Number.NaN,
      longestCpu: Math.max(0, ...tasks.map((t) => t.cpu)),
      cards: observed.cards,
      frames: observed.frames,
      cls: observed.cls,
      shifted: observed.shifted,
      cardHeights: observed.cardHeights,
    };
  } finally {
    await context.close();
  }
}

// Reporting

function report(label: string, loads: Load[], judged: boolean) {
  const worst = (f: (l: Load) => number) => Math.max(...loads.map(f));
  const mid = (f: (l: Load) => number) => median(loads.map(f));
  console.log(`\n   ${label}`);
  row(
    '  longest task',
    ms(mid((l) => l.longest)),
    judged
      ? {
          text: `≤ ${goals.longestTaskMs} ms`,
          ok: mid((l) => l.longest) <= goals.longestTaskMs,
          name: `longest task, ${label}`,
        }
      : undefined,
    `worst ${ms(worst((l) => l.longest))}`,
  );
  row(
    '  longest task, CPU time',
    ms(mid((l) => l.longestCpu)),
    undefined,
    `the most thread time one task took; worst ${ms(worst((l) => l.longestCpu))}`,
  );
  row(
    '  tasks over 50 ms',
    `${mid((l) => l.over50)}, ${ms(mid((l) => l.sum50))}`,
    undefined,
    `count, sum; worst ${worst((l) => l.over50)}, ${ms(worst((l) => l.sum50))}`,
  );
  row(
    '  blocking time (TBT-like)',
    ms(mid((l) => l.blocking)),
    undefined,
    `each task's time beyond 50 ms; worst ${ms(worst((l) => l.blocking))}`,
  );
  row(
    '  time to the content',
    ms(mid((l) => l.contentAt)),
    undefined,
    `a card in each list; worst ${ms(worst((l) => l.contentAt))}`,
  );
  row(
    `  time to all ${int(mid((l) => l.cards))} cards`,
    ms(mid((l) => l.completeAt)),
    undefined,
    `worst ${ms(worst((l) => l.completeAt))}`,
  );
  const worstShift = loads.reduce((a, b) => (b.cls > a.cls ? b : a), loads[0]!);
  row(
    '  layout shift (CLS)',
    mid((l) => l.cls).toFixed(3),
    undefined,
    `worst ${worstShift.cls.toFixed(3)}` +
      (worstShift.shifted
        ? `, most by ${worstShift.shifted.node} (${worstShift.shifted.value.toFixed(3)})`
        : ''),
  );
  const heights = loads[0]?.cardHeights ?? [];
  if (heights.length > 0)
    console.log(`      first card of each list: ${heights.map((h) => `${h} px`).join(', ')} high`);
}

interface ProfileNode {
  id: number;
  callFrame: { functionName?: string; url?: string; lineNumber?: number };
}

/**
 * The main thread's tasks over 50 ms in a --trace file, each with where its time went: the trace events' own
 * time by kind (script, style, layout, garbage collection…) and the JavaScript functions most sampled in it.
 */
function printLongTasks(file: string) {
  const events = (JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const threads = events.filter((e) => e.ph === 'M' && e.args?.name === 'CrRendererMain');
  const busiest = threads
    .map((t) => ({
      t,
      busy: events
        .filter((e) => e.pid === t.pid && e.tid === t.tid && e.ph === 'X' && taskEvents.has(e.name))
        .reduce((n, e) => n + (e.dur ?? 0), 0),
    }))
    .sort((a, b) => b.busy - a.busy)[0]?.t;
  if (!busiest) return;
  const mine = events
    .filter((e) => e.pid === busiest.pid && e.tid === busiest.tid && e.ph === 'X')
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  // JavaScript samples of the main thread (the profile's chunks carry its nodes and time deltas).
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  // The main thread's profile; its chunks come from the sampling thread, under the profile's id.
  const start = events.find((e) => e.name === 'Profile' && e.pid === busiest.pid && e.tid === busiest.tid);
  const chunks = events.filter(
    (e) => e.name === 'ProfileChunk' && e.pid === busiest.pid && e.id === start?.id,
  );
  let ts = Number(start?.args?.data?.startTime ?? 0);
  for (const chunk of chunks) {
    const data = chunk.args?.data?.cpuProfile ?? {};
    for (const node of data.nodes ?? []) nodes.set(node.id, node);
    const deltas = chunk.args?.data?.timeDeltas ?? [];
    (data.samples ?? []).forEach((node, i) => {
      ts += deltas[i] ?? 0;
      samples.push({ ts, node });
    });
  }
  const sampleMs =
    samples.length > 1 ? (samples.at(-1)!.ts - samples[0]!.ts) / (samples.length - 1) / 1000 : 0;
  const where = (n: ProfileNode) =>
    `${n.callFrame.functionName || '(anonymous)'} ${path.basename(n.callFrame.url ?? '')}:${(n.callFrame.lineNumber ?? 0) + 1}`;
  const tasks = outermostTasks(mine).filter((e) => (e.dur ?? 0) > 50_000);
  console.log(`   main-thread tasks over 50 ms: ${tasks.length}`);
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const inside = mine.filter((e) => e !== task && e.ts >= task.ts && e.ts < end && !taskEvents.has(e.name));
    // Each event's own time: its duration less that of the events nested in it.
    const own = new Map<string, number>();
    const stack: { e: TraceEvent; child: number }[] = [];
    const close = (until: number) => {
      while (stack.length && stack.at(-1)!.e.ts + (stack.at(-1)!.e.dur ?? 0) <= until) {
        const { e, child } = stack.pop()!;
        own.set(e.name, (own.get(e.name) ?? 0) + (e.dur ?? 0) - child);
        if (stack.length) stack.at(-1)!.child += e.dur ?? 0;
      }
    };
    for (const e of inside) {
      close(e.ts);
      stack.push({ e, child: 0 });
    }
    close(Number.POSITIVE_INFINITY);
    const kinds = [...own]
      .filter(([, us]) => us >= 2_000)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([name, us]) => `${name} ${ms(us / 1000)}`);
    const self = new Map<string, number>();
    for (const sample of samples) {
      if (sample.ts < task.ts || sample.ts >= end) continue;
      const node = nodes.get(sample.node);
      if (!node || ['(idle)', '(program)', '(root)'].includes(node.callFrame.functionName ?? '')) continue;
      self.set(where(node), (self.get(where(node)) ?? 0) + sampleMs);
    }
    const functions = [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([name, t]) => `${name} ${ms(t)}`);
    console.log(
      `     ${ms((task.dur ?? 0) / 1000)} (CPU ${ms((task.tdur ?? 0) / 1000)}): ${kinds.join(', ')}`,
    );
    if (functions.length) console.log(`        most sampled: ${functions.join('; ')}`);
  }
}

/** The scripts of the longest animation frame of the slowest load: where its time went. */
function longestFrame(loads: Load[]) {
  const frames = loads.flatMap((l) => l.frames);
  const longest = frames.reduce((a, b) => (b.duration > a.duration ? b : a), frames[0]!);
  if (!longest) return;
  const scripts = [...longest.scripts]
    .sort((a, b) => b.duration - a.duration)
    .slice(0, 4)
    .map(
      (s) =>
        `${s.invoker || s.fn} (${path.basename(new URL(s.url || 'about:x').pathname)}) ${ms(s.duration)}`,
    );
  console.log(
    `      longest frame ${ms(longest.duration)} (blocking ${ms(longest.blocking)}): ${scripts.join('; ') || 'no script attributed'}`,
  );
}

// The run

async function main() {
  console.log(
    `Node ${process.version}, ${cpus()[0]?.model ?? 'CPU'} × ${cpus().length}, load average ${loadavg()[0]!.toFixed(2)}`,
  );
  console.log(`   ${buildIfNeeded()}`);
  console.log(
    `A company and an expert, each with ${PER_LIST} suggestions, ${PER_LIST} connection requests received and ` +
      `${PER_LIST} connections; ${RUNS} loads of /dashboard per member and viewport (fresh context each)`,
  );

  await withPostgres(
    async (database, url) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'intergen-dashboard-'));
      let server: Server | null = null;
      let browser: Browser | null = null;
      try {
        let t = performance.now();
        server = await startApp(url, dataDir);
        console.log(`   app started in ${ms(performance.now() - t)}`);
        t = performance.now();
        const members = [
          await signUpMember(server.base, database, 'company'),
          await signUpMember(server.base, database, 'expert'),
        ];
        // Publishing ran matching with nobody to match yet; the counterparts come now.
        await seedCounterparts(database, members[0]!, 31);
        await seedCounterparts(database, members[1]!, 32);
        console.log(`   members signed up, 300 counterparts seeded in ${ms(performance.now() - t)}`);
        const counts = await database.query<{ kind: string; n: number }>(
          `SELECT 'suggestions' AS kind, count(*)::int AS n FROM match_suggestions WHERE NOT request_sent
           UNION ALL SELECT 'requests open', count(*)::int FROM connection_requests WHERE NOT accepted
           UNION ALL SELECT 'connections', count(*)::int FROM connection_requests WHERE accepted`,
        );
        console.log(`   in the database: ${counts.map((c) => `${c.n} ${c.kind}`).join(', ')}`);

        browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });
        console.log(`   Chromium ${browser.version()} (${chromiumLaunchOptions.executablePath}), headless`);
        // One load to warm the server (its first requests compile and fill caches).
        await load(browser, server.base, members[0]!, dashboardOf(members[0]!), viewports[1]);

        for (const member of members) {
          const name = member.kind === 'company' ? 'Company' : 'Expert';
          console.log(`\n${name}: /dashboard`);
          for (const viewport of viewports) {
            const loads: Load[] = [];
            for (let i = 0; i < RUNS; i++) {
              await unseeReceived(database, member);
              loads.push(await load(browser, server.base, member, dashboardOf(member), viewport));
            }
            report(`${viewport.name}`, loads, true);
            longestFrame(loads);
          }
          for (const viewport of THROTTLED_RUNS > 0 ? viewports : []) {
            const loads: Load[] = [];
            for (let i = 0; i < THROTTLED_RUNS; i++) {
              await unseeReceived(database, member);
              loads.push(
                await load(browser, server.base, member, dashboardOf(member), viewport, { throttle: 4 }),
              );
            }
            report(`${viewport.name}, CPU 4× slower (informative)`, loads, false);
            longestFrame(loads);
          }
          console.log(`\n${name}: /my-network`);
          for (const target of networkPagesOf(member)) {
            const loads: Load[] = [];
            for (let i = 0; i < NETWORK_RUNS; i++) {
              await unseeReceived(database, member);
              loads.push(await load(browser, server.base, member, target, viewports[1]));
            }
            report(`${target.path}, ${viewports[1].name}`, loads, false);
          }
          for (const throttle of traced ? [1, 4] : []) {
            const file = path.join(
              tmpdir(),
              `dashboard-${member.kind}-${throttle}x-${Date.now()}.trace.json`,
            );
            await unseeReceived(database, member);
            await load(browser, server.base, member, dashboardOf(member), viewports[1], {
              traceTo: file,
              throttle,
            });
            console.log(`\n   trace of one load (${viewports[1].name}, CPU ${throttle}× slower): ${file}`);
            printLongTasks(file);
          }
        }
        console.log(`\n   load average at the end ${loadavg()[0]!.toFixed(2)}`);
        summary();
      } catch (error) {
        if (server) console.log(`\nthe app said:\n${server.output()}`);
        throw error;
      } finally {
        await browser?.close();
        if (server) await stopApp(server);
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { prefix: 'perfdash' },
  );
}

function dashboardOf(member: Member): Target {
  return {
    path: '/dashboard',
    cards: 3 * PER_LIST,
    headings: [
      suggestionTexts.recommendedHeading[member.kind],
      connectionRequestTexts.receivedHeading,
      connectionRequestTexts.connectionsHeading,
    ],
  };
}

/** My Network's requests, and its connections (a company's Advisors, an expert's Ventures). */
function networkPagesOf(member: Member): Target[] {
  return [
    {
      path: '/my-network?section=Requests',
      headings: [connectionRequestTexts.receivedHeading],
      cards: PER_LIST,
    },
    {
      path: `/my-network?section=${member.kind === 'company' ? 'Advisors' : 'Ventures'}`,
      headings: [networkTexts.reviewRecentConnections, connectionRequestTexts.connectionsHeading],
      // Each connection once on the page: those waiting for a review (all of them here), then the others (none).
      cards: PER_LIST,
    },
  ];
}

await main();
