/** Resizes the happy-dom window so that `matchMedia` answers as on a screen that wide. */
export function setViewportWidth(width: number) {
  const happyDOM = (window as unknown as { happyDOM?: { setViewport(v: { width: number }): void } }).happyDOM;
  happyDOM?.setViewport({ width });
}
