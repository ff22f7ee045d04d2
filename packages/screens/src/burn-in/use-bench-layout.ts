import { useEffect, useState } from 'react';
import { BURN_IN_MEDIUM_MAX_PX, BURN_IN_NARROW_MAX_PX, BURN_IN_RESIZE_DEBOUNCE_MS } from '@sentinel/domain';

/** narrow: 768 px or less; medium: up to 1030 px; wide: above. */
export type BenchLayout = 'narrow' | 'medium' | 'wide';

export function layoutFor(width: number): BenchLayout {
  if (width <= BURN_IN_NARROW_MAX_PX) return 'narrow';
  if (width <= BURN_IN_MEDIUM_MAX_PX) return 'medium';
  return 'wide';
}

/** The bench's layout for the window's width, following a resize once it has settled for 250 ms. */
export function useBenchLayout(): BenchLayout {
  const [layout, setLayout] = useState(() => layoutFor(window.innerWidth));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setLayout(layoutFor(window.innerWidth)), BURN_IN_RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return layout;
}
