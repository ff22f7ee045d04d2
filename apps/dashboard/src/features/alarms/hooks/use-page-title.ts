import { useEffect } from 'react';
import { PRODUCT_NAME } from '@sentinel/domain';

/**
 * "Alarms · Sentinel" while the screen is shown. Written a microtask after mount, since the agent
 * layout's own title effect runs after its child's on the first render; the old title comes back on
 * leave. The alarm watcher puts the open count in front.
 */
export function usePageTitle(name: string): void {
  useEffect(() => {
    let active = true;
    let previous: string | undefined;
    queueMicrotask(() => {
      if (!active) return;
      previous = document.title;
      document.title = `${name} · ${PRODUCT_NAME}`;
    });
    return () => {
      active = false;
      if (previous !== undefined) document.title = previous;
    };
  }, [name]);
}
