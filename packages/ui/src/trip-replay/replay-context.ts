import { createContext, useContext } from 'react';
import { formatReplayTime } from '@sentinel/domain';
import type { ReplayEvent, ReplayFix, ReplayMarker, Stop, Trip } from '@sentinel/domain';

/** What is replayed: changes when the period or the chosen trip does, not while playing. */
export interface ReplayTrack {
  /** The fixes being replayed (the chosen trip's, or the whole period's), oldest first. */
  fixes: readonly ReplayFix[];
  /** Their times in ms, for bisection. */
  times: readonly number[];
  trips: readonly Trip[];
  stops: readonly Stop[];
  /** Lock, unlock and tamper entries within the replayed fixes' time. */
  events: readonly ReplayEvent[];
  /** The index of the chosen trip, or null for the whole period. */
  selectedTrip: number | null;
  onSelectTrip: (index: number | null) => void;
  apiKey: string | undefined;
}

/** Where playback is: changes every frame while playing. */
export interface ReplayPlayhead {
  time: number;
  marker: ReplayMarker | undefined;
  playing: boolean;
  speed: number;
  /** The map keeps the marker in view until the person pans it. */
  follow: boolean;
  seek: (time: number) => void;
  setPlaying: (playing: boolean) => void;
  setSpeed: (speed: number) => void;
  setFollow: (follow: boolean) => void;
}

export const TrackContext = createContext<ReplayTrack | null>(null);
export const PlayheadContext = createContext<ReplayPlayhead | null>(null);

export function useTrack(): ReplayTrack {
  const track = useContext(TrackContext);
  if (track === null) throw new Error('TripReplay parts belong inside TripReplay.Root.');
  return track;
}

export function usePlayhead(): ReplayPlayhead {
  const playhead = useContext(PlayheadContext);
  if (playhead === null) throw new Error('TripReplay parts belong inside TripReplay.Root.');
  return playhead;
}

/** How an event reads on the timeline and the map. */
export function eventLabel(event: ReplayEvent): string {
  if (event.type === 'LockState') return event.isLocked === true ? 'Locked' : 'Unlocked';
  return event.tamperCancelled === true ? 'Tamper alert cancelled' : 'Tamper alert';
}

/** An event's accessible name on the timeline, the map and in a group's list: 'Locked at 18:12:57'. */
export function eventName(event: ReplayEvent): string {
  return `${eventLabel(event)} at ${formatReplayTime(event.at)}`;
}

/** 'lock', 'unlock' or 'tamper', for the marker's look. */
export function eventKind(event: ReplayEvent): 'lock' | 'unlock' | 'tamper' {
  if (event.type === 'TamperAlert') return 'tamper';
  return event.isLocked === true ? 'lock' : 'unlock';
}
