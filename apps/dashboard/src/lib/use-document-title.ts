import { useEffect } from 'react';

/**
 * Sets the page title while the screen is shown, then puts back the one it replaced. The agent
 * layout sets its own title in an effect, and a parent's effects run after its child's on the first
 * render, so the screen's title is written once that pass is over (a microtask later) to have the
 * last word.
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    let active = true;
    let previous: string | undefined;
    queueMicrotask(() => {
      if (!active) return;
      previous = document.title;
      document.title = title;
    });
    return () => {
      active = false;
      if (previous !== undefined) document.title = previous;
    };
  }, [title]);
}
