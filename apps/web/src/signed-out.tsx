// The signed-out entry (signed-out.html, a second input of the build): the login and the sign-up for a visitor
// without a session, with React and Mantine only (app/signed-out-app.tsx). The server sends it drawn
// (apps/web/prerender.ts renders the same component at build time); this hydrates the drawing, which stays inert
// (and hidden from assistive technology) until it is React's.
import './app/signed-out-styles';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SignedOutApp, signedOutPath } from './app/signed-out-app';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from the page');

const drawn = root.firstElementChild;
const page = signedOutPath(window.location.pathname);
if (drawn instanceof HTMLElement && drawn.hasAttribute('inert')) {
  const shown = () => {
    drawn.removeAttribute('inert');
    drawn.removeAttribute('aria-hidden');
  };
  // A transition: React hydrates in slices and yields to the browser in between (Total Blocking Time).
  startTransition(() => {
    hydrateRoot(drawn, <SignedOutApp path={page} onShown={shown} />);
  });
} else {
  createRoot(root).render(<SignedOutApp path={page} />);
}
