import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setViewportWidth } from './viewport';

// Mantine measures elements and listens for resizes; happy-dom has no layout engine.
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}

window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setViewportWidth(1024);
});
