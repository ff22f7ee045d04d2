import simplify from 'simplify-js';
import type { RecordedFix } from './fixes';

interface Projected {
  x: number;
  y: number;
  index: number;
}

/** Metres on a plane tangent at the track's first fix: exact enough for tolerances of a few metres. */
function project(fixes: readonly RecordedFix[]): Projected[] {
  const origin = fixes[0];
  if (origin === undefined) return [];
  const metresPerDegreeLatitude = 110_574;
  const metresPerDegreeLongitude = 111_320 * Math.cos((origin.latitudeDegrees * Math.PI) / 180);
  return fixes.map((fix, index) => ({
    x: (fix.longitudeDegrees - origin.longitudeDegrees) * metresPerDegreeLongitude,
    y: (fix.latitudeDegrees - origin.latitudeDegrees) * metresPerDegreeLatitude,
    index,
  }));
}

/** The indices Douglas-Peucker keeps at this tolerance, never dropping a pinned index. */
function keptAt(points: readonly Projected[], pinned: readonly number[], toleranceMetres: number): number[] {
  const kept: number[] = [];
  let from = 0;
  for (const to of [...pinned, points.length - 1]) {
    if (to <= from && kept.length > 0) continue;
    const piece = points.slice(from, to + 1);
    const simplified = simplify(piece, toleranceMetres, true) as Projected[];
    for (const point of simplified) {
      if (kept.at(-1) !== point.index) kept.push(point.index);
    }
    from = to;
  }
  return kept;
}

/**
 * At most maxPoints of the ordered fixes, keeping the shape: Douglas-Peucker (simplify-js) keeps
 * the turns and drops fixes on straight stretches and the jitter of a parked vehicle, with the
 * tolerance found by bisection so the answer is as close to maxPoints as it can be. The pinned
 * indices (a stop's arrival and departure) are always kept, so stops keep their times.
 */
export function thinFixes<T extends RecordedFix>(
  fixes: readonly T[],
  maxPoints: number,
  pinned: readonly number[] = [],
): T[] {
  return thinnedIndices(fixes, maxPoints, pinned).map((index) => fixes[index]!);
}

/** The indices thinFixes keeps, in order: for a caller that works out more about each kept fix. */
export function thinnedIndices(
  fixes: readonly RecordedFix[],
  maxPoints: number,
  pinned: readonly number[] = [],
): number[] {
  if (fixes.length <= maxPoints) return fixes.map((_, index) => index);
  const points = project(fixes);
  const pins = [...new Set(pinned)]
    .filter((index) => index > 0 && index < fixes.length - 1)
    .sort((a, b) => a - b);
  let low = 0;
  let high = 1;
  let best = keptAt(points, pins, high);
  while (best.length > maxPoints && high < 1e6) {
    low = high;
    high *= 4;
    best = keptAt(points, pins, high);
  }
  // Close enough once within a tenth of the limit: each try is a pass over every fix.
  for (let step = 0; step < 10 && high - low > 0.5 && best.length < maxPoints * 0.9; step += 1) {
    const middle = (low + high) / 2;
    const kept = keptAt(points, pins, middle);
    if (kept.length <= maxPoints) {
      best = kept;
      high = middle;
    } else {
      low = middle;
    }
  }
  return best;
}
