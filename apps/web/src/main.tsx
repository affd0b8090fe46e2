import './app/styles';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter, whenRouterReady } from './app/router';
import { isPrerendered, signedOutSession } from './lib/prerendered';
import { createQueryClient } from './lib/query-client';
import { queryKeys } from './lib/query-keys';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

const queryClient = createQueryClient();
const router = createAppRouter();

/**
 * Renders the app as a transition: React renders it in slices of a few milliseconds, yielding to the browser in
 * between, instead of one long task that blocks input while the first page starts.
 */
function start() {
  const reactRoot = createRoot(root as HTMLElement);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    ),
  );
}

if (isPrerendered(root)) {
  // The server sent the login (or the sign-up) already drawn, to a visitor without a session: the app knows the
  // session from that, waits for the page's module, and renders the same page over the drawn (inert) one in one
  // commit, with no loader in between.
  queryClient.setQueryData(queryKeys.session, signedOutSession);
  void whenRouterReady(router).then(start);
} else {
  start();
}
