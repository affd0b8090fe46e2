import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { HistoryRouterProps, Location, Path, To } from 'react-router';

/** React Router's history (its type is exported only through the router's props). */
type History = HistoryRouterProps['history'];

/** Where a navigation would go: its path, as the guard sees it. */
export type NextLocation = Pick<Location, 'pathname' | 'search' | 'hash'>;
type ShouldBlock = (args: { currentLocation: NextLocation; nextLocation: NextLocation }) => boolean;

/** A navigation held by a guard: `proceed` lets it go on, `reset` stays. */
export interface HeldNavigation {
  proceed: () => void;
  reset: () => void;
}

/** The app's history: React Router's, with one navigation guard (the wizard's leave prompt) on top. */
export interface GuardedHistory extends History {
  /**
   * Holds every navigation for which `shouldBlock` is true, in the app (links, `navigate`) and with the browser's
   * Back and Forward: `onHold` is called with the held navigation, and with null once it went on or was reset.
   * Returns the guard's removal. One guard at a time.
   */
  guard(shouldBlock: ShouldBlock, onHold: (held: HeldNavigation | null) => void): () => void;
}

/**
 * Puts a navigation guard on `base` (a history made with `v5Compat: true`, as React Router's routers make theirs):
 * React Router's `useBlocker` needs its data router, which the app does not load (docs/ARCHITECTURE.md, "The
 * router"). A pushed or replaced entry is held before it is written; a Back or Forward has already moved the
 * browser when it is heard, so it is undone with `go(-delta)` (the index React Router keeps in each entry's state
 * gives the delta) and done again on `proceed`.
 */
export function guardHistory(base: History): GuardedHistory {
  let current: { shouldBlock: ShouldBlock; onHold: (held: HeldNavigation | null) => void } | null = null;
  /** The location the app shows: the last one let through (`base.location` has already moved on a Back). */
  let shown: NextLocation = base.location;
  /** A Back or Forward of ours to hear and let be: undoing a held one (`undo`), or doing it on `proceed` (`pass`). */
  let expected: 'undo' | 'pass' | null = null;

  const nextOf = (to: To): NextLocation => {
    const path: Partial<Path> = base.encodeLocation(to);
    return { pathname: path.pathname ?? '', search: path.search ?? '', hash: path.hash ?? '' };
  };
  /** Whether the guard holds a move to `next`; when it does, `go` runs on proceed. */
  const held = (next: NextLocation, go: () => void): boolean => {
    const guard = current;
    if (!guard?.shouldBlock({ currentLocation: shown, nextLocation: next })) return false;
    const settle = () => {
      if (current === guard) guard.onHold(null);
    };
    guard.onHold({
      proceed: () => {
        settle();
        go();
      },
      reset: settle,
    });
    return true;
  };

  return {
    get action() {
      return base.action;
    },
    get location() {
      return base.location;
    },
    createHref: (to) => base.createHref(to),
    createURL: (to) => base.createURL(to),
    encodeLocation: (to) => base.encodeLocation(to),
    push(to, state) {
      if (!held(nextOf(to), () => base.push(to, state))) base.push(to, state);
    },
    replace(to, state) {
      if (!held(nextOf(to), () => base.replace(to, state))) base.replace(to, state);
    },
    go: (delta) => base.go(delta),
    listen(listener) {
      return base.listen((update) => {
        if (update.action === 'POP' && expected === 'undo') {
          expected = null;
          return;
        }
        const passing = expected === 'pass';
        expected = null;
        const { delta } = update;
        if (update.action === 'POP' && !passing && delta) {
          const undone = held(update.location, () => {
            expected = 'pass';
            base.go(delta);
          });
          if (undone) {
            expected = 'undo';
            base.go(-delta);
            return;
          }
        }
        shown = update.location;
        listener(update);
      });
    },
    guard(shouldBlock, onHold) {
      const guard = { shouldBlock, onHold };
      current = guard;
      return () => {
        if (current === guard) current = null;
      };
    },
  };
}

export const HistoryContext = createContext<GuardedHistory | null>(null);

export function useGuardedHistory(): GuardedHistory {
  const history = useContext(HistoryContext);
  if (!history) throw new Error('The app history is missing: render inside the app router (app/router.tsx)');
  return history;
}

/** A guard's state for a page: `blocked` while a navigation waits for `proceed` or `reset`. */
export type Blocker =
  | { state: 'unblocked'; proceed?: undefined; reset?: undefined }
  | ({ state: 'blocked' } & HeldNavigation);

/**
 * Holds navigations while `shouldBlock` says so (React Router's `useBlocker`, over the app's history): read at the
 * moment of leaving, so it may read refs.
 */
export function useBlocker(shouldBlock: ShouldBlock): Blocker {
  const history = useGuardedHistory();
  const [held, setHeld] = useState<HeldNavigation | null>(null);
  const latest = useRef(shouldBlock);
  latest.current = shouldBlock;
  useEffect(() => {
    const remove = history.guard((args) => latest.current(args), setHeld);
    return () => {
      remove();
      setHeld(null);
    };
  }, [history]);
  return held ? { state: 'blocked', ...held } : { state: 'unblocked' };
}

/**
 * Whether the person is on their way to another page than `pathname` (the one this component shows): the address
 * has changed and the next page is loading, while this one stays on screen.
 */
export function useLeavingCheck(pathname: string): () => boolean {
  const history = useGuardedHistory();
  return useCallback(() => history.location.pathname !== pathname, [history, pathname]);
}
