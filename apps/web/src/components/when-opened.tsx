import { type ReactNode, Suspense, useState } from 'react';
import { useReturnFocus } from './use-return-focus';

/**
 * Renders a dialog whose code loads with `import()` (a `lazy` component) only once it is first opened, and keeps
 * it mounted afterwards so that closing plays its transition. A page's dialogs are then not part of its first load.
 * On closing, the focus goes back to what had it when the dialog opened (`useReturnFocus`).
 */
export function WhenOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [used, setUsed] = useState(opened);
  if (opened && !used) setUsed(true);
  useReturnFocus(opened);
  return used ? <Suspense fallback={null}>{children}</Suspense> : null;
}
