import type { Stop, Trip } from '../contract/replay';
import type { RecordedFix } from './fixes';
import { FixWindow, StopFinder, TripBuilder } from './trip-stream';
import type { StopSettings, StopSpan } from './trip-stream';

export { DEFAULT_STOP_MINIMUM_SECONDS, DEFAULT_STOP_RADIUS_METRES } from './trip-stream';
export type { StopSettings, StopSpan } from './trip-stream';

/** Where the vehicle stayed, over ordered fixes (see orderFixes and StopFinder). */
export function findStopSpans(fixes: readonly RecordedFix[], settings: StopSettings = {}): StopSpan[] {
  const window = new FixWindow();
  window.push(fixes);
  const finder = new StopFinder(window, settings);
  finder.advance(true);
  return finder.spans;
}

/** The trips and stops of ordered fixes (see TripBuilder). */
export function tripsAndStops(
  fixes: readonly RecordedFix[],
  settings: StopSettings = {},
): { trips: Trip[]; stops: Stop[] } {
  const window = new FixWindow();
  window.push(fixes);
  const finder = new StopFinder(window, settings);
  finder.advance(true);
  return new TripBuilder(window, finder, settings).finish();
}

/** The fixes of one trip (or any time range), from ordered fixes: startAt to endAt inclusive. */
export function fixesBetween<T extends RecordedFix>(
  fixes: readonly T[],
  startAt: string,
  endAt: string,
): T[] {
  const from = Date.parse(startAt);
  const to = Date.parse(endAt);
  return fixes.filter((fix) => {
    const time = Date.parse(fix.at);
    return time >= from && time <= to;
  });
}
