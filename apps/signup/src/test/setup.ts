import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The journeys wait on a real api (sign-up checks and hashes on it): while the other core runs
// another package's tests, an answer can take longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5_000 });

// Testing Library only auto-cleans when test globals are on; they are off here. Files share one
// jsdom (isolate: false), so real timers and unspied methods come back after every test as well.
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

// jsdom lacks the layout APIs Radix's checkbox and pointer handling call; these stand-ins do
// nothing, which is what a layout-free DOM would report anyway.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => undefined;
Element.prototype.releasePointerCapture ??= () => undefined;
