import { useEffect } from 'react';

/**
 * Rendered inside the last few rows of a virtual list: the list renders only rows in view, so this
 * mounting means the person has scrolled near the end of what is loaded.
 */
export function NearEnd({ onReached }: { onReached: () => void }) {
  useEffect(() => {
    onReached();
  }, [onReached]);
  return null;
}
