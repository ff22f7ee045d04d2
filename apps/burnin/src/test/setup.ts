import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The bench loads lazily and sign-in checks a password on the real api: on a busy machine that takes
// longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5_000 });

// Testing Library only auto-cleans when test globals are on; they are off here.
afterEach(() => {
  cleanup();
});

// jsdom lacks the layout APIs Radix's popper and pointer handling call; these stand-ins do nothing.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.scrollIntoView ??= () => undefined;
