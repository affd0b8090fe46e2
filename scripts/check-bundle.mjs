// The web app's bundle budget: the first load of each route named below, gzipped, from Vite's build manifest
// (apps/web/dist/.vite/manifest.json, `build.manifest` in apps/web/vite.config.ts). Run after `npm run build`;
// exits 1 with a line per route that grew past its budget. `npm run test:e2e` runs it after its build.
//
// A route's first load is what the browser fetches before the page can show: the entry (index.html's script, or
// for `/` and `/signup` the signed-out entry the server sends to a visitor without a session) and every chunk it
// imports statically, then the route's lazy page module (the router's `import()`) and every
// chunk that imports statically (Vite preloads them with it), with the CSS of all of those. Chunks only reached
// through another `import()` (dialogs, other pages) are not part of it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * Budgets in KB (1,024 bytes) of gzipped JavaScript and CSS: `js` and `css` are the ceilings checked, set a little
 * above what the build measured when they were last lowered, so that a route cannot grow unnoticed; `goal` is the
 * target set for the first load (see docs/benchmarks.md, "The web app's first load", for where each route
 * stands and what is left). Lower a ceiling whenever a change makes room. `entry` is the manifest key of the page's
 * entry (the app's, `index.html`, unless named); `modules` are the manifest keys of what the route loads with
 * `import()` every time: its page module (the router's `page(...)`), and for a signed-in member the header's
 * navigation and the account banners (app/layout).
 */
const member = ['src/app/layout/header-nav.tsx', 'name:account'];
/** The app's entry, and the signed-out entry the server sends at `/` and `/signup` to a visitor without a session. */
const appEntry = 'index.html';
const signedOutEntry = 'src/signed-out.tsx';
const signedOut = { js: 120, css: 20 };
const signedIn = { js: 170, css: 20 };
export const budgets = [
  // A visitor without a session: the signed-out entry (src/signed-out.tsx), the login and the sign-up in one.
  { route: '/', entry: signedOutEntry, modules: [], js: 108, css: 12, goal: signedOut },
  { route: '/signup', entry: signedOutEntry, modules: [], js: 108, css: 12, goal: signedOut },
  {
    route: '/dashboard',
    modules: ['src/app/routes/dashboard-pages.tsx', ...member],
    // 169.8 KB since the recommendations' `See all` into the communities (components/community-link.tsx): at the goal.
    js: 170,
    css: 17.5,
    goal: signedIn,
  },
  {
    route: '/profile/public',
    modules: ['src/app/routes/profile-pages.tsx', ...member],
    js: 152.5,
    css: 16.5,
    goal: signedIn,
  },
  {
    route: '/expert-community',
    modules: ['src/app/routes/community.tsx', ...member],
    // 203.52 KB since a sent request's card holds as Request Sent through a live update (send-request.ts).
    js: 203.6,
    css: 20,
    goal: signedIn,
  },
];

/**
 * The manifest key of a module of a route: a source path (`src/…`, a chunk's facade), or `name:<chunk name>` for a
 * chunk without one (a feature's index.ts only re-exports, so its chunk is named after the feature: `name:account`).
 */
export function chunkKey(manifest, module) {
  if (!module.startsWith('name:')) {
    if (manifest[module]) return module;
    throw new Error(
      `${module} is not a chunk of the build: a route's module moved (update scripts/check-bundle.mjs)`,
    );
  }
  const name = module.slice('name:'.length);
  const keys = Object.keys(manifest).filter(
    (key) => manifest[key].name === name && manifest[key].file.endsWith('.js'),
  );
  if (keys.length === 1) return keys[0];
  throw new Error(
    `${keys.length === 0 ? 'no' : 'more than one'} chunk named ${name} in the build (update scripts/check-bundle.mjs)`,
  );
}

/**
 * The manifest keys of the chunks a route's first load fetches: its entry (`entry`, an `isEntry` chunk), the given
 * modules, and everything they import statically, each once. Throws when a module is not a chunk of the build.
 */
export function firstLoadChunks(manifest, modules, entry = appEntry) {
  if (!manifest[entry]?.isEntry)
    throw new Error(`${entry} is not an entry of the build (update scripts/check-bundle.mjs)`);
  const entries = [entry];
  const start = modules.map((module) => chunkKey(manifest, module));
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const key of [...entries, ...start]) visit(key);
  return [...seen];
}

/** The files of those chunks: their JavaScript and their CSS, each file once. */
export function firstLoadFiles(manifest, modules, entry = appEntry) {
  const js = new Set();
  const css = new Set();
  for (const key of firstLoadChunks(manifest, modules, entry)) {
    const chunk = manifest[key];
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    else if (chunk.file.endsWith('.css')) css.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
  }
  return { js: [...js], css: [...css] };
}

/**
 * Measures each budgeted route: `sizeOf(file)` is a file's gzipped size in bytes. Returns each route's sizes
 * in KB with the files counted and whether it is within its budget.
 */
export function measureRoutes(manifest, routeBudgets, sizeOf) {
  const kb = (files) => files.reduce((sum, file) => sum + sizeOf(file), 0) / 1024;
  return routeBudgets.map((budget) => {
    const files = firstLoadFiles(manifest, budget.modules, budget.entry);
    const js = kb(files.js);
    const css = kb(files.css);
    return { ...budget, files, size: { js, css }, ok: js <= budget.js && css <= budget.css };
  });
}

/** One line per route; a route past its budget says by how much and which files are the largest. */
export function formatReport(results, sizeOf) {
  const lines = [];
  for (const r of results) {
    const verdict = r.ok ? 'ok' : 'OVER BUDGET';
    const goal = r.goal ? `   (goal JS ${r.goal.js} KB, CSS ${r.goal.css} KB)` : '';
    lines.push(
      `${r.route.padEnd(18)} JS ${r.size.js.toFixed(1).padStart(6)} KB / ${r.js} KB   CSS ${r.size.css.toFixed(1).padStart(5)} KB / ${r.css} KB   ${verdict}${goal}`,
    );
    if (!r.ok) {
      for (const [kind, limit] of [
        ['js', r.js],
        ['css', r.css],
      ]) {
        if (r.size[kind] <= limit) continue;
        lines.push(
          `  ${kind.toUpperCase()} is ${(r.size[kind] - limit).toFixed(1)} KB over; largest files of its first load:`,
        );
        const largest = [...r.files[kind]].sort((a, b) => sizeOf(b) - sizeOf(a)).slice(0, 5);
        for (const file of largest)
          lines.push(`    ${(sizeOf(file) / 1024).toFixed(1).padStart(6)} KB  ${file}`);
      }
    }
  }
  return lines;
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dist = path.resolve(root, process.argv[2] ?? 'apps/web/dist');
  const manifestPath = path.join(dist, '.vite/manifest.json');
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch {
    console.error(`check-bundle: no build manifest at ${manifestPath} (run \`npm run build\` first)`);
    process.exit(1);
  }
  const sizes = new Map();
  // Level 9, as Vite's build report measures.
  const sizeOf = (file) => {
    if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
    return sizes.get(file);
  };
  let results;
  try {
    results = measureRoutes(manifest, budgets, sizeOf);
  } catch (error) {
    console.error(`check-bundle: ${error.message}`);
    process.exit(1);
  }
  const over = results.filter((r) => !r.ok);
  console.log('check-bundle: first load per route, gzipped (budget after the slash)');
  for (const line of formatReport(results, sizeOf)) console.log(`  ${line}`);
  if (over.length > 0) {
    console.error(
      `check-bundle: ${over.map((r) => r.route).join(', ')} past budget. Load what the page does not show with import() (dialogs, other routes), or split a library the page does not use out of the shared chunks (apps/web/vite.config.ts).`,
    );
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
