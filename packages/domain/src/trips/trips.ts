import type { Stop, Trip } from '../contract/replay';
import type { RecordedFix } from './fixes';
import { distanceMetres, pathMetres } from './geo';

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
  const radius = settings.radiusMetres ?? DEFAULT_STOP_RADIUS_METRES;
  const minimum = settings.minimumSeconds ?? DEFAULT_STOP_MINIMUM_SECONDS;
  const spans: StopSpan[] = [];
  let i = 0;
  while (i < fixes.length) {
    const anchor = fixes[i]!;
    let j = i + 1;
    while (j < fixes.length && distanceMetres(anchor, fixes[j]!) <= radius) j += 1;
    const last = j - 1;
    if (last > i && seconds(anchor.at, fixes[last]!.at) >= minimum) {
      spans.push({ first: i, last });
      i = j;
    } else {
      i += 1;
    }
  }
  return spans;
}

function stopOf(fixes: readonly RecordedFix[], span: StopSpan): Stop {
  const stay = fixes.slice(span.first, span.last + 1);
  const mean = (pick: (fix: RecordedFix) => number) =>
    Math.round((stay.reduce((sum, fix) => sum + pick(fix), 0) / stay.length) * 1e6) / 1e6;
  const first = fixes[span.first]!;
  const last = fixes[span.last]!;
  return {
    startAt: first.at,
    endAt: last.at,
    latitudeDegrees: mean((fix) => fix.latitudeDegrees),
    longitudeDegrees: mean((fix) => fix.longitudeDegrees),
    durationSeconds: seconds(first.at, last.at),
  };
}

function tripOf(fixes: readonly RecordedFix[], first: number, last: number): Trip {
  const start = fixes[first]!;
  const end = fixes[last]!;
  return {
    startAt: start.at,
    endAt: end.at,
    startLatitudeDegrees: start.latitudeDegrees,
    startLongitudeDegrees: start.longitudeDegrees,
    endLatitudeDegrees: end.latitudeDegrees,
    endLongitudeDegrees: end.longitudeDegrees,
    distanceMetres: Math.round(pathMetres(fixes.slice(first, last + 1))),
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
  const radius = settings.radiusMetres ?? DEFAULT_STOP_RADIUS_METRES;
  const spans = findStopSpans(fixes, settings);
  const trips: Trip[] = [];
  const addTrip = (first: number, last: number) => {
    if (last <= first) return;
    const trip = tripOf(fixes, first, last);
    if (trip.distanceMetres > radius) trips.push(trip);
  };
  let from = 0;
  for (const span of spans) {
    addTrip(from, span.first);
    from = span.last;
  }
  addTrip(from, fixes.length - 1);
  return { trips, stops: spans.map((span) => stopOf(fixes, span)) };
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
