import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';
import { prerender } from './prerender.ts';

/** The chart library (@mantine/charts over recharts) and the packages only it uses. */
const chartsOnly =
  /node_modules[\\/](@mantine[\\/]charts|recharts|victory-vendor|d3-[a-z-]+|internmap|@reduxjs|redux|redux-thunk|reselect|react-redux|immer|decimal\.js-light|es-toolkit|eventemitter3|tiny-invariant|use-sync-external-store)[\\/]/;

const appEntry = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
const signedOutEntry = fileURLToPath(new URL('./src/signed-out.tsx', import.meta.url));

/**
 * Mantine's form controls that only the signed-out pages show on their first load (the login's password, the
 * sign-up's radio cards): both entries reach them through @mantine/core's index, so they would go to `common` and
 * into every member's first load; in a chunk of their own they load with the signed-out pages and the app's forms.
 */
const signedOutForms = /@mantine[\\/]core[\\/]esm[\\/]components[\\/](PasswordInput|Radio)[\\/]/;

/** Every module `entry` imports statically, directly or not (the entry itself left out). */
function staticImports(entry: string, ctx: ChunkingContext): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    for (const imported of ctx.getModuleInfo(id)?.importedIds ?? []) {
      if (seen.has(imported)) continue;
      seen.add(imported);
      visit(imported);
    }
  };
  visit(entry);
  seen.delete(entry);
  return seen;
}

/** The two entries' static imports, computed on the first module of a build's chunking (`initialChunk`). */
let initial: { app: Set<string>; signedOut: Set<string> } | null = null;

/**
 * The chunk of a module that an entry imports statically: `common` when both entries do (Mantine's core, the
 * domain's texts, the theme, the page frame; the graph goes through the packages' index files, so every Mantine
 * component either entry imports: the app's loader, the sign-up's radio cards), `index-deps` when only the app does (the router, TanStack Query, zod, the layout); any
 * other module is left to automatic splitting (null): what only the signed-out entry imports (the forms, the
 * alerts, Mantine's radio cards) is shared with the app's lazy pages in other combinations, and a group takes its
 * modules' imports along (the forms' chunk brought the alerts and the sign-up into the dashboard's first load).
 */
function initialChunk(id: string, ctx: ChunkingContext): string | null {
  initial ??= { app: staticImports(appEntry, ctx), signedOut: staticImports(signedOutEntry, ctx) };
  const app = initial.app.has(id);
  const signedOut = initial.signedOut.has(id);
  if (app && signedOut) return signedOutForms.test(id) ? 'forms' : 'common';
  if (app) return 'index-deps';
  return null;
}

/**
 * The web app's build. `root` is left to the working directory (apps/web for `vite` and `vite build`)
 * so that the repository's vitest project, which extends this file, keeps resolving its globs from the
 * repository root; the output directory is absolute for the same reason.
 */
export default defineConfig({
  // prerender before precompress: the prerendered pages are compressed with the rest.
  plugins: [
    react(),
    // A new build (`vite build --watch`) has a new module graph: the entries' imports are read again.
    {
      name: 'intergen-initial-chunks',
      buildStart() {
        initial = null;
      },
    },
    prerender(),
    precompress(),
  ],
  // In development run the API with APP_URL=http://localhost:5173: e-mailed links then open the dev
  // server, and the API's same-origin check accepts the browser's Origin.
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  preview: { port: 4173 },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    // dist/.vite/manifest.json: scripts/check-bundle.mjs reads each route's first load from it.
    manifest: true,
    emptyOutDir: true,
    // The server's CSP is `script-src 'self'`: keep every script an external file.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    rolldownOptions: {
      // The app (index.html), and the signed-out entry: the login and the sign-up for a visitor without a session,
      // with React and Mantine only (src/signed-out.tsx; prerender.ts writes its pages, the server sends them).
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), 'signed-out': signedOutEntry },
      // Building a zod schema has no effect outside it: the contracts' schemas a page does not use are left out
      // (the contracts package declares `"sideEffects": false`, but a used file kept all of its schemas).
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // React is on every page and changes least: one chunk that stays cached across deployments. What an entry
        // imports statically is fetched on every page anyway: one chunk per entry (and one of what both import)
        // rather than the fifteen small ones automatic splitting made of it, each a request (six at a time over
        // HTTP/1.1) before the page can start. Everything else is split by use, so that what only some pages import
        // loads with those pages: a group over all of Mantine or all of node_modules put every component on the
        // first page.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: initialChunk, debugName: 'initial', tags: ['$initial'], priority: 1 },
          ],
        },
        // The chart library is imported by the analytics page only, so the splitting above keeps it in that page's
        // chunk; named `charts-…` so that the browser test can tell it never loads elsewhere. (A `charts` group
        // did the same, but a group takes what its modules import: Mantine's core came with it into every page.)
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => chartsOnly.test(id))
            ? 'assets/charts-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
  },
});
