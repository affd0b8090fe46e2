// The signed-out entry (the build's second input, vite.config.ts): the login and the sign-up for a visitor
// without a session, with React and Mantine only (app/signed-out-app.tsx). The server sends it drawn
// (apps/web/prerender.ts renders the same component at build time); this hydrates the drawing, which stays inert
// (and hidden from assistive technology) until it is React's.
import './app/signed-out-styles';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SignedOutApp, signedOutPath } from './app/signed-out-app';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from the page');

// The drawing (prerender.ts marks `#root` and wraps the page in an inert element).
const drawn = root.dataset.prerendered === 'signed-out' ? root.firstElementChild : null;
const page = signedOutPath(window.location.pathname);
if (drawn instanceof HTMLElement) {
  const shown = () => {
    drawn.removeAttribute('inert');
    drawn.removeAttribute('aria-hidden');
  };
  // A transition: React hydrates in slices and yields to the browser in between (Total Blocking Time).
  startTransition(() => {
    hydrateRoot(drawn, <SignedOutApp path={page} onShown={shown} />);
  });
} else {
  // Not drawn (nothing sends it so today): rendered from scratch.
  createRoot(root).render(<SignedOutApp path={page} />);
}
