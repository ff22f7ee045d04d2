import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Testing Library only auto-cleans when test globals are on; they are off here. Files share one
// jsdom (isolate: false), so real timers and unspied methods come back after every test as well.
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

// jsdom lacks a few layout APIs that Radix's popper and pointer handling call. These stand-ins do
// nothing, which is what a layout-free DOM would report anyway.
if (!('ResizeObserver' in globalThis)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  globalThis.ResizeObserver = ResizeObserverStub;
}
if (!('DOMRect' in globalThis)) {
  class DOMRectStub {
    constructor(
      public x = 0,
      public y = 0,
      public width = 0,
      public height = 0,
    ) {}
    get top(): number {
      return this.y;
    }
    get left(): number {
      return this.x;
    }
    get right(): number {
      return this.x + this.width;
    }
    get bottom(): number {
      return this.y + this.height;
    }
    toJSON(): Record<string, number> {
      return { x: this.x, y: this.y, width: this.width, height: this.height };
    }
    static fromRect(rect?: { x?: number; y?: number; width?: number; height?: number }): DOMRectStub {
      return new DOMRectStub(rect?.x, rect?.y, rect?.width, rect?.height);
    }
  }
  Object.defineProperty(globalThis, 'DOMRect', { value: DOMRectStub, writable: true, configurable: true });
}
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => undefined;
Element.prototype.releasePointerCapture ??= () => undefined;
Element.prototype.scrollIntoView ??= () => undefined;

// jsdom has no canvas and logs "Not implemented" when axe-core's colour-contrast check asks for one.
// Returning null (what a browser does for an unsupported context) keeps the log clean; axe then
// marks contrast "incomplete", and contrast is checked for real by Storybook's a11y addon in a browser.
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
