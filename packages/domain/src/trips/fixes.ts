import type { ReplayFix } from '../contract/replay';
import { distanceMetres } from './geo';

/** A fix as the device reported it: where and when, no speed yet. */
export type RecordedFix = Omit<ReplayFix, 'speedKmh'>;

/**
 * Oldest first, one fix per instant. Devices send buffered fixes late and resend when an answer
 * is lost, so the stored order is not time order and the same reading may arrive twice.
 */
export function orderFixes<T extends RecordedFix>(fixes: readonly T[]): T[] {
  const timed = fixes
    .map((fix) => ({ fix, time: Date.parse(fix.at) }))
    .filter(({ time }) => !Number.isNaN(time))
    .sort((a, b) => a.time - b.time);
  const ordered: T[] = [];
  let last = Number.NaN;
  for (const { fix, time } of timed) {
    if (time === last) continue;
    ordered.push(fix);
    last = time;
  }
  return ordered;
}

/** The average speed in km/h from the fix before to this one, in ordered fixes (0 for the first). */
export function speedAt(fixes: readonly RecordedFix[], index: number): number {
  const fix = fixes[index];
  const previous = fixes[index - 1];
  if (fix === undefined || previous === undefined) return 0;
  const seconds = (Date.parse(fix.at) - Date.parse(previous.at)) / 1000;
  const speedKmh = seconds > 0 ? (distanceMetres(previous, fix) / seconds) * 3.6 : 0;
  return Math.round(speedKmh * 10) / 10;
}

/** Each fix with the average speed since the one before (0 for the first), from ordered fixes. */
export function withSpeeds(fixes: readonly RecordedFix[]): ReplayFix[] {
  return fixes.map((fix, index) => ({ ...fix, speedKmh: speedAt(fixes, index) }));
}
