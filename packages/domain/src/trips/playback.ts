import type { ReplayFix } from '../contract/replay';
import { HISTORY_LOCALE, HISTORY_TIME_ZONE } from '../history-format';

/** The playback speeds a replay offers. */
export const REPLAY_SPEEDS = [1, 2, 4, 8, 16, 32, 64] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];
/** At 1x a replay plays a minute of the track each second; 64x plays an hour in under a minute. */
export const TRACK_MS_PER_SECOND_AT_1X = 60_000;
/** Playing skips silences longer than this between two fixes: the vehicle was parked. */
export const SKIP_GAP_MS = 5 * 60_000;

/** Where the marker is at a track time: between two fixes, with the speed of that stretch. */
export interface ReplayMarker {
  latitudeDegrees: number;
  longitudeDegrees: number;
  speedKmh: number;
  /** The index of the last fix at or before the time. */
  index: number;
}

/** The index of the last fix at or before the time (0 before the first), by bisection. */
export function fixIndexAt(times: readonly number[], time: number): number {
  let low = 0;
  let high = times.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (times[middle]! <= time) low = middle;
    else high = middle - 1;
  }
  return Math.max(0, low);
}

/** The marker at a track time, moving in a straight line between the two fixes around it. */
export function markerAt(
  fixes: readonly ReplayFix[],
  times: readonly number[],
  time: number,
): ReplayMarker | undefined {
  const index = fixIndexAt(times, time);
  const from = fixes[index];
  if (from === undefined) return undefined;
  const to = fixes[index + 1];
  const start = times[index]!;
  const end = times[index + 1];
  if (to === undefined || end === undefined || time <= start) {
    return { ...from, speedKmh: index === 0 && time <= start ? 0 : from.speedKmh, index };
  }
  const share = Math.min(1, (time - start) / (end - start));
  return {
    latitudeDegrees: from.latitudeDegrees + (to.latitudeDegrees - from.latitudeDegrees) * share,
    longitudeDegrees: from.longitudeDegrees + (to.longitudeDegrees - from.longitudeDegrees) * share,
    speedKmh: end - start > SKIP_GAP_MS ? 0 : to.speedKmh,
    index,
  };
}

/**
 * The track time after a frame of playing: elapsed wall-clock ms at the speed, except that a
 * silence of more than SKIP_GAP_MS is jumped over to its next fix, so parked hours take no time.
 */
export function advance(times: readonly number[], time: number, elapsedMs: number, speed: number): number {
  const index = fixIndexAt(times, time);
  const next = times[index + 1];
  const start = times[index]!;
  if (next !== undefined && next - start > SKIP_GAP_MS) return next;
  const last = times.at(-1) ?? time;
  return Math.min(last, time + (elapsedMs / 1000) * speed * TRACK_MS_PER_SECOND_AT_1X);
}

const timeFormat = new Intl.DateTimeFormat(HISTORY_LOCALE, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZone: HISTORY_TIME_ZONE,
});
const dayTimeFormat = new Intl.DateTimeFormat(HISTORY_LOCALE, {
  weekday: 'short',
  day: '2-digit',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: HISTORY_TIME_ZONE,
});

/** A replay time as Johannesburg reads it: 07:12:30. */
export function formatReplayTime(at: string | number): string {
  return timeFormat.format(new Date(at));
}

/** A trip's or stop's start and end, Johannesburg time: Sat, 21 Nov, 07:12. */
export function formatReplayDayTime(at: string | number): string {
  return dayTimeFormat.format(new Date(at));
}

/** 850 m, 18.4 km. */
export function formatDistance(metres: number): string {
  return metres < 1000 ? `${Math.round(metres)} m` : `${(metres / 1000).toFixed(1)} km`;
}

/** 45 s, 19 min, 2 h 05 min. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** A place as coordinates, to about a metre: -26.05600, 28.08800. */
export function formatCoordinates(latitudeDegrees: number, longitudeDegrees: number): string {
  return `${latitudeDegrees.toFixed(5)}, ${longitudeDegrees.toFixed(5)}`;
}
