import { useCallback, useEffect, useMemo, useState } from 'react';
import { advance, markerAt } from '@sentinel/domain';
import type { ReplayFix } from '@sentinel/domain';
import type { ReplayPlayhead } from './replay-context';

/**
 * The playhead over a track: one state update per animation frame while playing (the browser's
 * own pace, so a hidden tab costs nothing), stopping at the last fix.
 */
export function usePlayback(fixes: readonly ReplayFix[], times: readonly number[]): ReplayPlayhead {
  const start = times[0] ?? 0;
  const end = times.at(-1) ?? 0;
  const [time, setTime] = useState(start);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(16);
  const [follow, setFollow] = useState(true);

  // A new track (another period or trip) starts from its beginning, paused: adjusted while
  // rendering, as React advises, so no frame shows the old time on the new track.
  const [track, setTrack] = useState(times);
  if (track !== times) {
    setTrack(times);
    setTime(start);
    setPlaying(false);
  }

  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    let last = performance.now();
    const step = (now: number) => {
      const elapsed = now - last;
      last = now;
      setTime((current) => {
        const next = advance(times, current, elapsed, speed);
        if (next >= end) setPlaying(false);
        return next;
      });
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [playing, times, end, speed]);

  const seek = useCallback((to: number) => setTime(Math.min(end, Math.max(start, to))), [start, end]);
  const play = useCallback(
    (next: boolean) => {
      // Play at the end starts again from the beginning.
      if (next) setTime((current) => (current >= end ? start : current));
      setPlaying(next && times.length > 1);
    },
    [start, end, times.length],
  );
  const marker = useMemo(() => markerAt(fixes, times, time), [fixes, times, time]);
  return { time, marker, playing, speed, follow, seek, setPlaying: play, setSpeed, setFollow };
}
