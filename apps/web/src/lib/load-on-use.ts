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

type Loader = () => Promise<unknown>;

/** One load per module for the whole page: every stand-in of it shares the answer (or retries after a failure). */
const loads = new WeakMap<Loader, Promise<unknown>>();
/** The modules already loaded: a stand-in mounted after that (the header at another width) is never drawn. */
const loaded = new WeakMap<Loader, unknown>();

function loadOnce<T>(load: () => Promise<T>): Promise<T> {
  let pending = loads.get(load) as Promise<T> | undefined;
  if (!pending) {
    pending = load();
    loads.set(load, pending);
    pending.then(
      (module) => loaded.set(load, module),
      () => loads.delete(load),
    );
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
 *
 * The stand-in is not replaced while a press on it is under way: a button swapped between the pointer going down
 * and coming up gets no click (the browser sends it to what both ends share), so a module that arrives mid-press
 * waits for the click, which then opens the control it shows.
 */
export function useLoadOnUse<T>(load: () => Promise<T>) {
  const [module, setModule] = useState<T | null>(() => (loaded.get(load) as T | undefined) ?? null);
  const [firstUse, setFirstUse] = useState<FirstUse>({ open: false, focus: false });
  const mounted = useRef(true);
  const pressing = useRef(false);
  const arrived = useRef<{ module: T } | null>(null);
  /** The stand-in last focused: swapped while it still has the focus, it hands the focus to the control. */
  const focusedStandIn = useRef<HTMLElement | null>(null);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const show = () => {
    if (!mounted.current || pressing.current || !arrived.current) return;
    const next = arrived.current.module;
    // Reached with Tab, the stand-in has the focus when the module arrives: without this the focus would fall to
    // the page with the stand-in, and the Enter that follows would open nothing.
    if (focusedStandIn.current && focusedStandIn.current === document.activeElement) {
      setFirstUse((use) => (use.focus ? use : { ...use, focus: true }));
    }
    setModule(() => next);
  };

  const start = () => {
    loadOnce(load).then(
      (value) => {
        arrived.current = { module: value };
        show();
      },
      // Nothing to show: the next pointer, focus or click tries again.
      () => {},
    );
  };

  const release = () => {
    pressing.current = false;
    show();
  };

  const handlers: LoadOnUseHandlers = {
    onPointerEnter: start,
    onPointerDown: () => {
      pressing.current = true;
      // The press ends with this button's click, or anywhere else without one.
      window.addEventListener('pointerup', () => setTimeout(release, 0), { once: true, capture: true });
      window.addEventListener('pointercancel', release, { once: true, capture: true });
      start();
    },
    onFocus: (event) => {
      focusedStandIn.current = event.currentTarget;
      start();
    },
    onClick: (event) => {
      const focus = event.currentTarget === document.activeElement || event.detail === 0;
      setFirstUse({ open: true, focus });
      start();
      release();
    },
  };
  return { loaded: module, firstUse, handlers };
}
