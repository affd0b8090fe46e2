// Build-time only (apps/web/prerender.ts bundles and runs it in Node after the client build): the markup of a
// signed-out page as the app renders it, so that the server can send the login with its form already drawn and
// the browser paints it before any script has run. The browser's app then renders the same page over it
// (main.tsx).
import type { Readable } from 'node:stream';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { appRoutes, whenRouterReady } from './app/router';
import { FullPageLoader } from './components/full-page-loader';
import { signedOutSession } from './lib/prerendered';
import { createQueryClient } from './lib/query-client';
import { queryKeys } from './lib/query-keys';

/** The HTML inside `#root` of the page at `path` for a signed-out visitor (lazy pages and parts loaded first). */
export async function renderSignedOut(path: string): Promise<string> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.session, signedOutSession);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  // The route's page module loads with `import()`: render once it is there, not the loader.
  await whenRouterReady(router);
  // `prerender` waits for every Suspense boundary (the sign-up form's own `import()`), unlike renderToString.
  const { prelude } = await prerenderToNodeStream(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude as Readable) chunks.push(Buffer.from(chunk));
  router.dispose();
  queryClient.clear();
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The markup of the loader every other page shows while it asks who is signed in: put in index.html, it paints
 * before any script has run, and the app's first render (the same loader) replaces it.
 */
export function renderLoader(): string {
  return renderToString(
    <AppProvider queryClient={createQueryClient()}>
      <FullPageLoader />
    </AppProvider>,
  );
}
