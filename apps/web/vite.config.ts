import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';
import { prerender } from './prerender.ts';

/** The chart library (@mantine/charts over recharts) and the packages only it uses. */
const chartsOnly =
  /node_modules[\\/](@mantine[\\/]charts|recharts|victory-vendor|d3-[a-z-]+|internmap|@reduxjs|redux|redux-thunk|reselect|react-redux|immer|decimal\.js-light|es-toolkit|eventemitter3|tiny-invariant|use-sync-external-store)[\\/]/;

/**
 * The web app's build. `root` is left to the working directory (apps/web for `vite` and `vite build`)
 * so that the repository's vitest project, which extends this file, keeps resolving its globs from the
 * repository root; the output directory is absolute for the same reason.
 */
export default defineConfig({
  // prerender before precompress: the prerendered pages are compressed with the rest.
  plugins: [react(), prerender(), precompress()],
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
      // Building a zod schema has no effect outside it: the contracts' schemas a page does not use are left out
      // (the contracts package declares `"sideEffects": false`, but a used file kept all of its schemas).
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // React and the router are on every page and change least: one chunk that stays cached across
        // deployments. Everything else is split by use, so that what only some pages import loads with those
        // pages: a group over all of Mantine or all of node_modules put every component on the first page.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 2,
            },
            // Everything else the entry imports statically (Mantine's core, TanStack Query, the layout, the session)
            // is fetched on every page anyway: one chunk rather than the fifteen small ones automatic splitting
            // made of it, each a request (six at a time over HTTP/1.1) before the page can start.
            { name: 'index-deps', tags: ['$initial'], priority: 1 },
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
