import { useCallback, useRef, useState } from 'react';

interface Submission<A> {
  /** Runs the action unless it is already running (a second click while a request is on its way does nothing). */
  submit: (arg: A) => void;
  pending: boolean;
  /** What the last run rejected with, until the next run or `reset`. */
  error: unknown;
  reset: () => void;
}

/**
 * A form's request without a query library: pending while `action` runs, its rejection kept as `error`. The
 * signed-out forms use it, so that the login's first load carries no TanStack Query.
 */
export function useSubmission<A>(action: (arg: A) => Promise<void>): Submission<A> {
  const [state, setState] = useState<{ pending: boolean; error: unknown }>({ pending: false, error: null });
  const running = useRef(false);
  const submit = (arg: A) => {
    if (running.current) return;
    running.current = true;
    setState({ pending: true, error: null });
    action(arg).then(
      () => {
        running.current = false;
        setState({ pending: false, error: null });
      },
      (error: unknown) => {
        running.current = false;
        setState({ pending: false, error });
      },
    );
  };
  const reset = useCallback(() => setState((s) => (s.error === null ? s : { ...s, error: null })), []);
  return { submit, reset, ...state };
}
