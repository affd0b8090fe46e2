import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Manifest, type Plugin } from 'vite';

/**
 * The pages the server sends with more than index.html, each under `dist/prerendered/`: `paths` are the addresses
 * it answers, `modules` the manifest keys of what the route loads with `import()` (as in scripts/check-bundle.mjs;
 * `name:<chunk>` for a chunk without a source module of its own).
 * - `signedOut`: the login and the sign-up, drawn (see `prerender`), for a request without a session cookie, with
 *   the signed-out entry (`src/signed-out.tsx`, the build's second input) in place of the app's;
 * - the others: index.html with the page's modules preloaded (and its styles fetched early) for a member's most
 *   visited pages, so that the browser fetches the page's code beside the entry instead of after it has run;
 *   `fetches` are the page's own GETs whose address does not depend on who asks, preloaded like the session
 *   (index.html), so that its data arrive while the scripts load instead of after they have run.
 */
/** The manifest key of the signed-out entry (vite.config.ts, `input`). */
export const signedOutEntry = 'src/signed-out.tsx';
const memberParts = ['src/app/layout/header-nav.tsx', 'name:account'];
interface PrerenderedPage {
  paths: string[];
  file: string;
  signedOut: boolean;
  modules: string[];
  fetches?: string[];
}
export const prerenderedPages: PrerenderedPage[] = [
  { paths: ['/'], file: 'login.html', signedOut: true, modules: [signedOutEntry] },
  { paths: ['/signup'], file: 'signup.html', signedOut: true, modules: [signedOutEntry] },
  {
    paths: ['/dashboard'],
    file: 'dashboard.html',
    signedOut: false,
    modules: ['src/app/routes/dashboard-pages.tsx', ...memberParts],
    // The page shows its sections once both lists and the settings are in (app/routes/dashboard-pages.tsx).
    fetches: ['/api/suggestions', '/api/connections', '/api/config'],
  },
  {
    paths: ['/profile/public'],
    file: 'profile.html',
    signedOut: false,
    modules: ['src/app/routes/profile-pages.tsx', ...memberParts],
    fetches: ['/api/config'],
  },
  {
    paths: ['/expert-community', '/venture-community'],
    file: 'community.html',
    signedOut: false,
    modules: ['src/app/routes/community.tsx', ...memberParts],
    fetches: ['/api/config'],
  },
];

/** What the server reads (`dist/prerendered/pages.json`): each address, its file, and whether it is signed out. */
export type PrerenderedPages = Record<string, { file: string; signedOut: boolean }>;

/** The manifest key of a route's module: a source path, or `name:<chunk>` (the one JavaScript chunk so named). */
function chunkKey(manifest: Manifest, module: string): string {
  if (!module.startsWith('name:')) {
    if (manifest[module]) return module;
    throw new Error(`prerender: ${module} is not a chunk of the build`);
  }
  const name = module.slice('name:'.length);
  const keys = Object.keys(manifest).filter(
    (k) => manifest[k]?.name === name && manifest[k]?.file.endsWith('.js'),
  );
  if (keys.length !== 1) throw new Error(`prerender: ${keys.length} chunks named ${name}`);
  return keys[0] as string;
}

/** The JavaScript and CSS files of `modules` and of everything they import statically, from the manifest. */
function filesOf(manifest: Manifest, modules: string[]) {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(chunkKey(manifest, module));
  return { js: [...js], css: [...css] };
}

/** A member's page: index.html with the loader, the page's styles fetched early and its modules preloaded. */
function memberPage(
  withLoader: string,
  template: string,
  files: { js: string[]; css: string[] },
  fetches: string[],
) {
  // A member's page draws nothing before its data: its styles are fetched early, not render-blocking; before the
  // entry script (they must not queue behind the scripts), module preloads after it.
  const styles = files.css
    .filter((f) => !template.includes(f))
    .map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">\n    `)
    .join('');
  const preloads = files.js
    .filter((f) => !template.includes(f))
    .map((f) => `  <link rel="modulepreload" crossorigin href="/${f}">\n  `)
    .join('');
  const data = fetches
    .map((href) => `  <link rel="preload" href="${href}" as="fetch" crossorigin>\n  `)
    .join('');
  return withLoader
    .replace('<script type="module"', `${styles}<script type="module"`)
    .replace('</head>', `${data}${preloads}</head>`);
}

/**
 * The login or the sign-up, drawn: index.html's head without the app's scripts, styles and session preload, the
 * signed-out entry's stylesheets (render-blocking, first), and `markup` in `#root`, inert until the entry has
 * hydrated it. The entry starts once the drawn page is painted (public/start-after-paint.js, which fetches it and
 * its imports then).
 */
function signedOutPage(
  template: string,
  files: { js: string[]; css: string[] },
  markup: string,
  entry: string | undefined,
) {
  if (!entry) throw new Error('prerender: the signed-out entry is not in the build');
  const styles = files.css.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`);
  const preload = files.js.filter((f) => f !== entry).map((f) => `/${f}`);
  const html = template
    // Drawn for a visitor without a session: nothing asks for it.
    .replace(/\s*<!--[^>]*-->\s*<link rel="preload" href="\/api\/auth\/session"[^>]*>/, '')
    .replace(/\s*<link rel="(?:stylesheet|modulepreload)"[^>]*>/g, '')
    .replace(/\s*<script type="module"[^>]*><\/script>/, '')
    .replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">')
    .replace(
      '</head>',
      `  ${styles.join('\n    ')}\n    <script defer src="/start-after-paint.js" data-entry="/${entry}" data-preload="${preload.join(' ')}"></script>\n  </head>`,
    )
    .replace(
      '<div id="root"></div>',
      `<div id="root" data-prerendered="signed-out"><div inert aria-hidden="true" style="display:contents">${markup}</div></div>`,
    );
  if (!html.includes('data-prerendered'))
    throw new Error('prerender: no <div id="root"></div> in index.html');
  if (html.includes('<script type="module"'))
    throw new Error("prerender: the app's entry is left in a drawn page");
  return html;
}

/**
 * Writes the pages above after the client build. The login and the sign-up as they look to a visitor without a
 * session: the signed-out entry's component rendered in Node (`src/prerender.tsx`, bundled here for the server), put
 * into the built index.html with the signed-out entry's stylesheets and modules in place of the app's. The server
 * sends one of them for `/` or `/signup` to a request without a session cookie (apps/server/src/app.ts), so the page
 * paints from the HTML and CSS alone; the signed-out entry then hydrates it (src/signed-out.tsx). The drawn page is
 * `inert` and `aria-hidden` until then: it cannot be clicked, focused or typed into (a submit would reload the page,
 * a choice or a word typed would be lost), and assistive technology (and a test looking for a button by its role)
 * meets the live page, not the drawing. A member's pages: index.html and the preloads.
 */
export function prerender(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'intergen-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = config.build.outDir;
    },
    // The stylesheet first in <head>, before the entry script and its module preloads: the first paint waits for
    // it, and over HTTP/1.1 (six requests at a time) it would otherwise queue behind the scripts.
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const styles = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
        const firstScript = html.indexOf('<script type="module"');
        if (styles.length === 0 || firstScript < 0) return html;
        let rest = html;
        for (const style of styles) rest = rest.replace(style, '');
        const at = rest.indexOf('<script type="module"');
        return `${rest.slice(0, at)}${styles.map((s) => s.trim()).join('\n    ')}\n    ${rest.slice(at)}`;
      },
    },
    closeBundle: {
      sequential: true,
      async handler() {
        // Inside the project, so that the bundle's imports resolve from node_modules.
        await mkdir(path.join(root, 'node_modules/.cache'), { recursive: true });
        const ssrDir = await mkdtemp(path.join(root, 'node_modules/.cache/prerender-'));
        try {
          await build({
            configFile: false,
            root,
            logLevel: 'warn',
            plugins: [react()],
            build: {
              ssr: 'src/prerender.tsx',
              outDir: ssrDir,
              emptyOutDir: true,
              minify: false,
              rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
            },
            // The workspace packages are TypeScript: bundled; the libraries are imported from node_modules.
            ssr: { noExternal: [/^@intergen\//] },
          });
          const { renderSignedOut, renderLoader } = (await import(
            pathToFileURL(path.join(ssrDir, 'prerender.mjs')).href
          )) as {
            renderSignedOut: (page: string) => Promise<string>;
            renderLoader: () => string;
          };
          const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
          // Every page but the drawn ones shows the loader from the HTML, before any script has run.
          const withLoader = template.replace(
            '<div id="root"></div>',
            `<div id="root">${renderLoader()}</div>`,
          );
          if (withLoader === template) throw new Error('prerender: no <div id="root"></div> in index.html');
          await writeFile(path.join(outDir, 'index.html'), withLoader);
          const manifest = JSON.parse(
            await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8'),
          ) as Manifest;
          await mkdir(path.join(outDir, 'prerendered'), { recursive: true });
          const served: PrerenderedPages = {};
          for (const page of prerenderedPages) {
            const files = filesOf(manifest, page.modules);
            const html = page.signedOut
              ? signedOutPage(
                  template,
                  files,
                  await renderSignedOut(page.paths[0] as string),
                  manifest[signedOutEntry]?.file,
                )
              : memberPage(withLoader, template, files, page.fetches ?? []);
            await writeFile(path.join(outDir, 'prerendered', page.file), html);
            for (const address of page.paths)
              served[address] = { file: `prerendered/${page.file}`, signedOut: page.signedOut };
          }
          await writeFile(
            path.join(outDir, 'prerendered/pages.json'),
            `${JSON.stringify(served, null, 2)}\n`,
          );
        } finally {
          await rm(ssrDir, { recursive: true, force: true });
        }
      },
    },
  };
}
