import './app/styles';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppHistory, preloadPages } from './app/router';
import { createQueryClient } from './lib/query-client';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

const queryClient = createQueryClient();
const history = createAppHistory();
// The first page's module loads while the session is asked for (the layout waits for it before the page renders).
preloadPages(history.location.pathname);

/**
 * Renders the app as a transition: React renders it in slices of a few milliseconds, yielding to the browser in
 * between, instead of one long task that blocks input while the first page starts.
 */
function start() {
  const reactRoot = createRoot(root as HTMLElement);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App queryClient={queryClient} history={history} />
      </StrictMode>,
    ),
  );
}

// A visitor without a session at `/` or `/signup` gets the signed-out entry instead (signed-out.tsx), with the page
// drawn; this is everyone else: a member, or a visitor anywhere else (or with a stale cookie, or a `redirect`).
start();
