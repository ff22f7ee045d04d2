import simplify from 'simplify-js';
import type { RecordedFix } from './fixes';
import type { Steps } from './steps';

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

/** Fixes thinned in one go; a longer series is thinned a piece of this many fixes at a time. */
export const THIN_PIECE_FIXES = 5000;

/**
 * thinnedIndices for a series of any length in steps that each take a few milliseconds, pausing
 * after each piece. Up to THIN_PIECE_FIXES fixes it is thinnedIndices itself. A longer series is
 * thinned piece by piece first, each piece to four times its share of maxPoints (so a piece of
 * turns can keep more than a straight one in the end), and what the pieces kept is thinned again
 * to maxPoints. Pinned indices are kept by both passes.
 */
export function* thinnedIndexSteps(
  fixes: readonly RecordedFix[],
  maxPoints: number,
  pinned: readonly number[] = [],
  pieceFixes = THIN_PIECE_FIXES,
): Steps<number[]> {
  if (fixes.length <= pieceFixes) return thinnedIndices(fixes, maxPoints, pinned);
  const pins = [...new Set(pinned)].sort((a, b) => a - b);
  const share = Math.max(2, Math.ceil((4 * maxPoints * pieceFixes) / fixes.length));
  const candidates: number[] = [];
  let pin = 0;
  for (let start = 0; start < fixes.length; start += pieceFixes) {
    const end = Math.min(start + pieceFixes, fixes.length);
    const piecePins: number[] = [];
    while (pin < pins.length && pins[pin]! < end) {
      if (pins[pin]! >= start) piecePins.push(pins[pin]! - start);
      pin += 1;
    }
    for (const index of thinnedIndices(fixes.slice(start, end), share, piecePins)) {
      if (candidates.at(-1) !== start + index) candidates.push(start + index);
    }
    yield;
  }
  const candidatePins: number[] = [];
  let next = 0;
  candidates.forEach((index, position) => {
    while (next < pins.length && pins[next]! < index) next += 1;
    if (pins[next] === index) candidatePins.push(position);
  });
  const kept = thinnedIndices(
    candidates.map((index) => fixes[index]!),
    maxPoints,
    candidatePins,
  );
  return kept.map((position) => candidates[position]!);
}
