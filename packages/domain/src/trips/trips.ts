import type { Stop, Trip } from '../contract/replay';
import type { RecordedFix } from './fixes';
import { distanceMetres } from './geo';
import { runSteps, WorkCounter } from './steps';
import type { Steps } from './steps';

/** A stop is staying within this many metres of where the vehicle arrived... */
export const DEFAULT_STOP_RADIUS_METRES = 100;
/** ...for at least this long. */
export const DEFAULT_STOP_MINIMUM_SECONDS = 5 * 60;

export interface StopSettings {
  /** @default DEFAULT_STOP_RADIUS_METRES */
  radiusMetres?: number;
  /** @default DEFAULT_STOP_MINIMUM_SECONDS */
  minimumSeconds?: number;
}

/** A stop as a range of fix indices, first and last inclusive. */
export interface StopSpan {
  first: number;
  last: number;
}

const seconds = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 1000;

/**
 * Where the vehicle stayed, over ordered fixes (see orderFixes): from each fix, the run of fixes
 * within the radius of it; a run lasting the minimum time is a stop and the search goes on after
 * it (the stay-point detection of Li et al., 2008). A vehicle that sends nothing while parked
 * still shows its stop: the fixes before and after the silence are both within the radius.
 */
export function findStopSpans(fixes: readonly RecordedFix[], settings: StopSettings = {}): StopSpan[] {
  return runSteps(findStopSpanSteps(fixes, settings));
}

/** findStopSpans, pausing after about `work` distances (see steps.ts). */
export function* findStopSpanSteps(
  fixes: readonly RecordedFix[],
  settings: StopSettings = {},
  work = new WorkCounter(),
): Steps<StopSpan[]> {
  const radius = settings.radiusMetres ?? DEFAULT_STOP_RADIUS_METRES;
  const minimum = settings.minimumSeconds ?? DEFAULT_STOP_MINIMUM_SECONDS;
  const spans: StopSpan[] = [];
  let i = 0;
  while (i < fixes.length) {
    const anchor = fixes[i]!;
    let j = i + 1;
    while (j < fixes.length && distanceMetres(anchor, fixes[j]!) <= radius) {
      j += 1;
      if (work.add()) yield;
    }
    const last = j - 1;
    if (last > i && seconds(anchor.at, fixes[last]!.at) >= minimum) {
      spans.push({ first: i, last });
      i = j;
    } else {
      i += 1;
    }
    if (work.add()) yield;
  }
  return spans;
}

function* stopOf(fixes: readonly RecordedFix[], span: StopSpan, work: WorkCounter): Steps<Stop> {
  // Summed in order from the arrival, as a reduce over the stay would.
  let latitude = 0;
  let longitude = 0;
  for (let index = span.first; index <= span.last; index += 1) {
    latitude += fixes[index]!.latitudeDegrees;
    longitude += fixes[index]!.longitudeDegrees;
    if (work.add()) yield;
  }
  const count = span.last - span.first + 1;
  const mean = (sum: number) => Math.round((sum / count) * 1e6) / 1e6;
  const first = fixes[span.first]!;
  const last = fixes[span.last]!;
  return {
    startAt: first.at,
    endAt: last.at,
    latitudeDegrees: mean(latitude),
    longitudeDegrees: mean(longitude),
    durationSeconds: seconds(first.at, last.at),
  };
}

function* tripOf(fixes: readonly RecordedFix[], first: number, last: number, work: WorkCounter): Steps<Trip> {
  // The path's length, summed in order as pathMetres does.
  let metres = 0;
  for (let index = first + 1; index <= last; index += 1) {
    metres += distanceMetres(fixes[index - 1]!, fixes[index]!);
    if (work.add()) yield;
  }
  const start = fixes[first]!;
  const end = fixes[last]!;
  return {
    startAt: start.at,
    endAt: end.at,
    startLatitudeDegrees: start.latitudeDegrees,
    startLongitudeDegrees: start.longitudeDegrees,
    endLatitudeDegrees: end.latitudeDegrees,
    endLongitudeDegrees: end.longitudeDegrees,
    distanceMetres: Math.round(metres),
    durationSeconds: seconds(start.at, end.at),
  };
}

/**
 * The trips and stops of ordered fixes. A trip runs from the last fix of one stop (departure) to
 * the first fix of the next (arrival); the stretches before the first stop and after the last are
 * trips too when the vehicle moved further than the stop radius in them.
 */
export function tripsAndStops(
  fixes: readonly RecordedFix[],
  settings: StopSettings = {},
): { trips: Trip[]; stops: Stop[] } {
  return runSteps(tripsAndStopsSteps(fixes, settings));
}

/** tripsAndStops, pausing after about `work` units (see steps.ts). */
export function* tripsAndStopsSteps(
  fixes: readonly RecordedFix[],
  settings: StopSettings = {},
  work = new WorkCounter(),
): Steps<{ trips: Trip[]; stops: Stop[] }> {
  const radius = settings.radiusMetres ?? DEFAULT_STOP_RADIUS_METRES;
  const spans = yield* findStopSpanSteps(fixes, settings, work);
  const trips: Trip[] = [];
  const stops: Stop[] = [];
  const addTrip = function* (first: number, last: number): Steps<void> {
    if (last <= first) return;
    const trip = yield* tripOf(fixes, first, last, work);
    if (trip.distanceMetres > radius) trips.push(trip);
  };
  let from = 0;
  for (const span of spans) {
    yield* addTrip(from, span.first);
    from = span.last;
  }
  yield* addTrip(from, fixes.length - 1);
  for (const span of spans) stops.push(yield* stopOf(fixes, span, work));
  return { trips, stops };
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
