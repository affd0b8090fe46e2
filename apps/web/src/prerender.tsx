// Build-time only (apps/web/prerender.ts bundles and runs it in Node after the client build): the markup of a
// signed-out page as the signed-out entry renders it, so that the server can send the login with its form already
// drawn and the browser paints it before any script has run. The entry then hydrates it (signed-out.tsx).
import { renderToString } from 'react-dom/server';
import { AppProvider } from './app/provider';
import { SignedOutApp, signedOutPath } from './app/signed-out-app';
import { FullPageLoader } from './components/full-page-loader';
import { createQueryClient } from './lib/query-client';

/** The HTML inside `#root` of the page at `path` (`/` or `/signup`) for a visitor without a session. */
export async function renderSignedOut(path: string): Promise<string> {
  return renderToString(<SignedOutApp path={signedOutPath(path)} />);
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
