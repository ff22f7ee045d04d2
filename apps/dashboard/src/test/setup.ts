import '@testing-library/jest-dom/vitest';
import { cleanup, configure, getConfig } from '@testing-library/react';
import type { Config } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The files of a worker share one module graph (isolate: false): real timers and unspied methods
// come back after every test, whatever a file left behind.
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

// Files that opt into the node environment (the dev-server test) have no DOM to prepare.
if (typeof window !== 'undefined') prepareDom();

function prepareDom(): void {
  // Screens load lazily and the real api answers over HTTP: on a machine shared by several test runs,
  // the first render of a screen can take longer than Testing Library's default second.
  configure({ asyncUtilTimeout: 5_000 });
  // A query that fails while waitFor or findBy… polls prints the whole DOM into a message that the
  // next poll throws away, and polls run on every change of the DOM. Print it only for a failure
  // that is reported: waitFor adds the DOM to the last one when it gives up.
  // (The files of a worker run this set-up each: wrap Testing Library's own printer once.)
  const printed = getConfig().getElementError as Config['getElementError'] & { quietWhilePolling?: true };
  if (!printed.quietWhilePolling) {
    const quiet = (message: string | null, container: Element): Error =>
      (getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics
        ? Object.assign(new Error(message ?? ''), { name: 'TestingLibraryElementError' })
        : printed(message, container);
    configure({ getElementError: Object.assign(quiet, { quietWhilePolling: true as const }) });
  }

  // Testing Library only auto-cleans when test globals are on; they are off here.
  afterEach(() => {
    cleanup();
    localStorage.clear();
    // Back to jsdom's default width for the next test.
    Object.defineProperty(window, 'innerWidth', { value: 1024, configurable: true, writable: true });
  });

  // jsdom has no layout. Radix's menu calls these; the stand-ins report what a layout-free DOM would.
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
  Element.prototype.scrollIntoView ??= () => undefined;

  // jsdom has no matchMedia. This one evaluates min-width and max-width (px) against innerWidth and
  // fires 'change' on resize, as a browser does, so layout rules can be tested by resizing the window.
  window.matchMedia = (query: string): MediaQueryList => {
    const evaluate = () =>
      [...query.matchAll(/\((min|max)-width:\s*(\d+)px\)/g)].every(([, bound, px]) =>
        bound === 'min' ? window.innerWidth >= Number(px) : window.innerWidth <= Number(px),
      );
    const list = new EventTarget() as MediaQueryList & { matches: boolean };
    let matches = evaluate();
    Object.defineProperties(list, {
      media: { value: query },
      matches: { get: () => matches },
      onchange: { value: null, writable: true },
    });
    window.addEventListener('resize', () => {
      const next = evaluate();
      if (next === matches) return;
      matches = next;
      list.dispatchEvent(Object.assign(new Event('change'), { matches, media: query }));
    });
    return list;
  };
}
