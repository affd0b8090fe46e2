import type { SessionResponse } from '@intergen/contracts';

/**
 * The login and the sign-up are sent prerendered to a visitor without a session cookie (apps/web/prerender.ts
 * draws them at build time, the server picks the file): the page shows before any script has run, `inert` until
 * the app renders the same page over it (main.tsx).
 */

/** The session a prerendered page was drawn for: the server sends one only to a visitor without a session. */
export const signedOutSession: SessionResponse = { user: null };

/** True when `#root` holds a page the server sent prerendered (its marker is set at build time). */
export function isPrerendered(root: HTMLElement): boolean {
  return root.dataset.prerendered === 'signed-out';
}
