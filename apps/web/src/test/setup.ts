import { cleanup, configure } from '@testing-library/react';
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

// `findBy…` and `waitFor` wait for a condition, not for a fixed time: on a busy two-core machine a lazy route and
// its first queries can take seconds, so the default of one second would fail tests that are right.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setViewportWidth(1024);
});
