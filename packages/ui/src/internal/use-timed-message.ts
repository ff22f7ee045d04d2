import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A message that clears itself after `durationMs` (the spec's 1 s copy feedback, 2 s alert message).
 * Showing a new message restarts the clock; nothing is set after unmount.
 */
export function useTimedMessage<T>(durationMs: number): [message: T | null, show: (message: T) => void] {
  const [message, setMessage] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  const show = useCallback(
    (next: T) => {
      if (!mounted.current) return;
      clearTimeout(timer.current);
      setMessage(next);
      timer.current = setTimeout(() => setMessage(null), durationMs);
    },
    [durationMs],
  );

  return [message, show];
}
