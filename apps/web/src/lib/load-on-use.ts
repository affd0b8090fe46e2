import { type FocusEvent, type MouseEvent, useEffect, useRef, useState } from 'react';

/** How the person reached for the control before its code was there: open it, and give it the focus back. */
export interface FirstUse {
  open: boolean;
  focus: boolean;
}

/** The handlers the stand-in control gets: pointing at it or focusing it starts the load, a click also opens. */
export interface LoadOnUseHandlers {
  onPointerEnter: () => void;
  onPointerDown: () => void;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  onClick: (event: MouseEvent<HTMLElement>) => void;
}

/** One load per module for the whole page: every stand-in of it shares the answer (or retries after a failure). */
const loads = new WeakMap<() => Promise<unknown>, Promise<unknown>>();

function loadOnce<T>(load: () => Promise<T>): Promise<T> {
  let pending = loads.get(load) as Promise<T> | undefined;
  if (!pending) {
    pending = load();
    loads.set(load, pending);
    pending.catch(() => loads.delete(load));
  }
  return pending;
}

/**
 * A control whose code loads the first time someone reaches for it rather than with the page: the header's menus
 * and the notification centre bring Mantine's Menu and Popover and floating-ui under them (29 KB of a member page's
 * first load) for dropdowns that open on a click. Until then the page draws a stand-in, the same button, with
 * `handlers`: pointing at it (or touching it) or focusing it starts the load, so that by the click it is usually
 * there; a click also asks the loaded control to open, and to take the focus when the stand-in had it.
 * `loaded` is the module's value once loaded; `firstUse` says what the person did before, for the control's first
 * render. `load` must be a stable function (module level), each a module's `import()`.
 */
export function useLoadOnUse<T>(load: () => Promise<T>) {
  const [loaded, setLoaded] = useState<T | null>(null);
  const [firstUse, setFirstUse] = useState<FirstUse>({ open: false, focus: false });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const start = () => {
    loadOnce(load).then(
      (module) => {
        if (mounted.current) setLoaded(() => module);
      },
      // Nothing to show: the next pointer, focus or click tries again.
      () => {},
    );
  };

  const handlers: LoadOnUseHandlers = {
    onPointerEnter: start,
    onPointerDown: start,
    onFocus: start,
    onClick: (event) => {
      const focus = event.currentTarget === document.activeElement || event.detail === 0;
      setFirstUse({ open: true, focus });
      start();
    },
  };
  return { loaded, firstUse, handlers };
}
