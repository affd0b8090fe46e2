import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Manifest, type Plugin } from 'vite';

/**
 * The signed-out pages sent prerendered: `path` is the address, `file` the page written under `dist/prerendered/`,
 * `modules` the manifest keys of what the route loads with `import()` (as in scripts/check-bundle.mjs).
 */
export const prerenderedPages = [
  { path: '/', file: 'login.html', modules: ['src/features/auth/index.ts'] },
  {
    path: '/signup',
    file: 'signup.html',
    modules: ['src/features/auth/index.ts', 'src/features/auth/routes/signup.tsx'],
  },
];

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
  for (const module of modules) visit(module);
  return { js: [...js], css: [...css] };
}

/**
 * Writes the login and the sign-up as they look to a visitor without a session, after the client build: the
 * app's own components rendered in Node (`src/prerender.tsx`, bundled here for the server), put into the built
 * index.html with the page's stylesheets and module preloads. The server sends one of them for `/` or `/signup`
 * to a request without a session cookie (apps/server/src/app.ts), so the page paints from the HTML and CSS alone;
 * the app then renders the same page over it (src/main.tsx). The drawn page is `inert` until then: it cannot be
 * clicked, focused or typed into (a submit would reload the page, a choice or a word typed would be lost), and
 * assistive technology meets the app's page, not the drawing.
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
          const { renderSignedOut } = (await import(
            pathToFileURL(path.join(ssrDir, 'prerender.mjs')).href
          )) as {
            renderSignedOut: (page: string) => Promise<string>;
          };
          const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
          const manifest = JSON.parse(
            await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8'),
          ) as Manifest;
          await mkdir(path.join(outDir, 'prerendered'), { recursive: true });
          for (const page of prerenderedPages) {
            const markup = await renderSignedOut(page.path);
            const files = filesOf(manifest, page.modules);
            const head = [
              ...files.css
                .filter((f) => !template.includes(f))
                .map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
              ...files.js
                .filter((f) => !template.includes(f))
                .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
            ].join('\n    ');
            const html = template
              .replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">')
              .replace('</head>', `  ${head}\n  </head>`)
              .replace(
                '<div id="root"></div>',
                `<div id="root" data-prerendered="signed-out"><div inert style="display:contents">${markup}</div></div>`,
              );
            if (!html.includes('data-prerendered'))
              throw new Error('prerender: no <div id="root"></div> in index.html');
            await writeFile(path.join(outDir, 'prerendered', page.file), html);
          }
        } finally {
          await rm(ssrDir, { recursive: true, force: true });
        }
      },
    },
  };
}
