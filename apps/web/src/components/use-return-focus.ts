import { useEffect, useRef, useState } from 'react';

/**
 * The focus goes back to the element that had it when a dialog opened, once the dialog is put away (WCAG 2.4.3:
 * a keyboard user goes on from the button that opened it). Mantine's modal does this itself only for an opening
 * it sees happen: a modal that mounts already opened (its code loaded on first use, or a profile route shown over
 * a page) records nothing, and on closing the focus fell to the page. As Mantine does, the focus is moved only
 * when nothing else took it meanwhile.
 */
function giveFocusBack(opener: HTMLElement, focusAtClose: Element | null): number {
  return window.setTimeout(() => {
    const now = document.activeElement;
    if (!opener.isConnected) return;
    if (now === null || now === document.body || now === focusAtClose) opener.focus({ preventScroll: true });
  }, 10);
}

/** The focused element, unless nothing (the page itself) has the focus. */
function focusedElement(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/** For a dialog shown while `opened` is true: the focus goes back to its opener when `opened` turns false. */
export function useReturnFocus(opened: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpened = useRef(opened);
  // Read while rendering the opening: the dialog's focus trap (a child, whose effects run first) moves it next.
  if (opened && !wasOpened.current) opener.current = focusedElement();
  wasOpened.current = opened;
  useEffect(() => {
    const target = opener.current;
    if (opened || !target) return;
    const timeout = giveFocusBack(target, document.activeElement);
    return () => window.clearTimeout(timeout);
  }, [opened]);
}

/** For a dialog open for as long as it is mounted (a route): the focus goes back to its opener on unmounting. */
export function useReturnFocusOnUnmount() {
  const [opener] = useState(focusedElement);
  const pending = useRef<number | undefined>(undefined);
  useEffect(() => {
    // Mounted again at once (React's development checks): the dialog stays, and so does the focus.
    window.clearTimeout(pending.current);
    return () => {
      if (opener) pending.current = giveFocusBack(opener, null);
    };
  }, [opener]);
}
