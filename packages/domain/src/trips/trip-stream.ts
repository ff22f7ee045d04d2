/*
 * Stops, trips and the thinned series of fixes that arrive oldest first, a page at a time, so a
 * server can work through a month of fixes a page per turn of its event loop and hold only the
 * fixes still undecided. Run over a whole series at once, the same code gives findStopSpans and
 * tripsAndStops.
 */
import type { ReplayFix, Stop, Trip } from '../contract/replay';
import { speedAt } from './fixes';
import type { RecordedFix } from './fixes';
import { distanceMetres } from './geo';
import { thinnedIndices } from './thin';

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

/** The fixes received so far, by their index in the whole series, from the first still needed. */
export class FixWindow {
  private fixes: RecordedFix[] = [];
  private base = 0;

  /** How many fixes have arrived in all. */
  get length(): number {
    return this.base + this.fixes.length;
  }

  at(index: number): RecordedFix {
    const fix = this.fixes[index - this.base];
    if (fix === undefined) throw new RangeError(`Fix ${index} is not held.`);
    return fix;
  }

  /** The next fixes, oldest first, after every fix received so far. */
  push(fixes: readonly RecordedFix[]): void {
    for (const fix of fixes) this.fixes.push(fix);
  }

  /** Lets go of the fixes before this index. */
  release(before: number): void {
    const drop = before - this.base;
    if (drop <= 0) return;
    this.fixes.splice(0, drop);
    this.base = before;
  }
}

/**
 * Where the vehicle stayed: from each fix, the run of fixes within the radius of it; a run lasting
 * the minimum time is a stop and the search goes on after it (the stay-point detection of Li et
 * al., 2008). A vehicle that sends nothing while parked still shows its stop: the fixes before and
 * after the silence are both within the radius.
 */
export class StopFinder {
  /** The stops found so far, oldest first. */
  readonly spans: StopSpan[] = [];
  private readonly radius: number;
  private readonly minimum: number;
  private anchor = 0;
  private anchorFix: RecordedFix | undefined;
  private next = 1;

  constructor(
    private readonly window: FixWindow,
    settings: StopSettings = {},
  ) {
    this.radius = settings.radiusMetres ?? DEFAULT_STOP_RADIUS_METRES;
    this.minimum = settings.minimumSeconds ?? DEFAULT_STOP_MINIMUM_SECONDS;
  }

  /** Goes as far as the fixes received allow; once they have all arrived (ended), to the end. */
  advance(ended: boolean): void {
    const window = this.window;
    while (this.anchor < window.length) {
      this.anchorFix ??= window.at(this.anchor);
      while (
        this.next < window.length &&
        distanceMetres(this.anchorFix, window.at(this.next)) <= this.radius
      ) {
        this.next += 1;
      }
      if (this.next >= window.length && !ended) return;
      const last = this.next - 1;
      if (last > this.anchor && seconds(this.anchorFix.at, window.at(last).at) >= this.minimum) {
        this.spans.push({ first: this.anchor, last });
        this.anchor = this.next;
      } else {
        this.anchor += 1;
      }
      this.anchorFix = undefined;
      this.next = this.anchor + 1;
    }
  }

  /** The arrival of a stay under way that has lasted the minimum already: a stop, end unknown. */
  get arrival(): number | undefined {
    const last = this.next - 1;
    if (this.anchorFix === undefined || last <= this.anchor || last >= this.window.length) return undefined;
    return seconds(this.anchorFix.at, this.window.at(last).at) >= this.minimum ? this.anchor : undefined;
  }

  /** Every fix before this index is decided (in a stop found, arriving, or in none): held no more. */
  get decided(): number {
    return this.arrival === undefined ? this.anchor : this.next - 1;
  }
}

/**
 * The trips and stops, built from each fix once the finder has decided it. A trip runs from the
 * last fix of one stop (departure) to the first fix of the next (arrival); the stretches before
 * the first stop and after the last are trips too when the vehicle moved further than the stop
 * radius in them.
 */
export class TripBuilder {
  readonly trips: Trip[] = [];
  readonly stops: Stop[] = [];
  private readonly radius: number;
  private taken = 0;
  private previous: RecordedFix | undefined;
  private tripFrom = 0;
  private tripStart: RecordedFix | undefined;
  /** The path since the trip's start, summed in order as pathMetres does. */
  private tripMetres = 0;
  private stay: { first: number; arrival: RecordedFix; latitude: number; longitude: number } | undefined;
  private span = 0;

  constructor(
    private readonly window: FixWindow,
    private readonly finder: StopFinder,
    settings: StopSettings = {},
  ) {
    this.radius = settings.radiusMetres ?? DEFAULT_STOP_RADIUS_METRES;
  }

  /** The first index this still needs. */
  get needs(): number {
    return this.taken;
  }

  /** Takes in every fix decided so far. */
  advance(): void {
    const decided = this.finder.decided;
    for (; this.taken < decided; this.taken += 1) this.take(this.taken, this.window.at(this.taken));
  }

  /** The trips and stops, once every fix has arrived and the finder has ended. */
  finish(): { trips: Trip[]; stops: Stop[] } {
    this.advance();
    if (this.previous !== undefined) this.addTrip(this.taken - 1, this.previous);
    return { trips: this.trips, stops: this.stops };
  }

  private take(index: number, fix: RecordedFix): void {
    if (index === 0) this.tripStart = fix;
    if (this.stay !== undefined) {
      // Summed in order from the arrival, as a reduce over the stay would.
      this.stay.latitude += fix.latitudeDegrees;
      this.stay.longitude += fix.longitudeDegrees;
      const span = this.finder.spans[this.span];
      if (span?.first === this.stay.first && span.last === index) {
        this.addStop(span, fix);
        this.span += 1;
        this.stay = undefined;
        this.tripFrom = index;
        this.tripStart = fix;
        this.tripMetres = 0;
      }
    } else {
      if (index > this.tripFrom && this.previous !== undefined) {
        this.tripMetres += distanceMetres(this.previous, fix);
      }
      const arrival = this.finder.spans[this.span]?.first ?? this.finder.arrival;
      if (arrival === index) {
        this.addTrip(index, fix);
        this.stay = {
          first: index,
          arrival: fix,
          latitude: fix.latitudeDegrees,
          longitude: fix.longitudeDegrees,
        };
      }
    }
    this.previous = fix;
  }

  private addTrip(last: number, end: RecordedFix): void {
    const start = this.tripStart;
    if (start === undefined || last <= this.tripFrom) return;
    const distance = Math.round(this.tripMetres);
    if (distance <= this.radius) return;
    this.trips.push({
      startAt: start.at,
      endAt: end.at,
      startLatitudeDegrees: start.latitudeDegrees,
      startLongitudeDegrees: start.longitudeDegrees,
      endLatitudeDegrees: end.latitudeDegrees,
      endLongitudeDegrees: end.longitudeDegrees,
      distanceMetres: distance,
      durationSeconds: seconds(start.at, end.at),
    });
  }

  private addStop(span: StopSpan, departure: RecordedFix): void {
    const stay = this.stay!;
    const count = span.last - span.first + 1;
    const mean = (sum: number) => Math.round((sum / count) * 1e6) / 1e6;
    this.stops.push({
      startAt: stay.arrival.at,
      endAt: departure.at,
      latitudeDegrees: mean(stay.latitude),
      longitudeDegrees: mean(stay.longitude),
      durationSeconds: seconds(stay.arrival.at, departure.at),
    });
  }
}

/** Fixes thinned in one go; a longer series is thinned a piece of this many fixes at a time. */
export const THIN_PIECE_FIXES = 2000;

/**
 * At most maxPoints of the series with their speeds, keeping turns and every stop's arrival and
 * departure (thinnedIndices). Up to THIN_PIECE_FIXES fixes they are thinned in one go; a longer
 * series (expected to hold about `expected` fixes) is thinned a piece at a time as the finder
 * decides it, each piece to four times its share of maxPoints (so a piece of turns can keep more
 * than a straight one in the end), and what the pieces kept is thinned again to maxPoints.
 */
export class FixThinning {
  private pieceStart = 0;
  private readonly kept: { fix: ReplayFix; pinned: boolean }[] = [];
  private span = 0;

  constructor(
    private readonly window: FixWindow,
    private readonly finder: StopFinder,
    private readonly maxPoints: number,
    private readonly expected: number,
    private readonly pieceFixes = THIN_PIECE_FIXES,
  ) {}

  /** The first index this still needs (a kept fix's speed is from the fix before it). */
  get needs(): number {
    return Math.max(0, this.pieceStart - 1);
  }

  /** Thins each whole piece the finder has decided. */
  advance(): void {
    while (this.pieceStart + this.pieceFixes <= this.finder.decided) {
      this.thinPiece(this.pieceStart + this.pieceFixes);
    }
  }

  /** The thinned series, once every fix has arrived and the finder has ended. */
  finish(): ReplayFix[] {
    const length = this.window.length;
    if (this.pieceStart === 0 && length <= this.pieceFixes) {
      const fixes = this.fixesTo(length);
      const kept =
        length > this.maxPoints
          ? thinnedIndices(fixes, this.maxPoints, this.pins(length))
          : fixes.map((_, index) => index);
      return kept.map((index) => ({ ...fixes[index]!, speedKmh: speedAt(fixes, index) }));
    }
    if (this.pieceStart < length) this.thinPiece(length);
    const pins = this.kept.flatMap((each, position) => (each.pinned ? [position] : []));
    const kept = thinnedIndices(
      this.kept.map((each) => each.fix),
      this.maxPoints,
      pins,
    );
    return kept.map((position) => this.kept[position]!.fix);
  }

  /** The fixes from the piece's start to `end`, with the one before it first when there is one. */
  private fixesTo(end: number): RecordedFix[] {
    const fixes: RecordedFix[] = [];
    for (let index = Math.max(0, this.pieceStart - 1); index < end; index += 1)
      fixes.push(this.window.at(index));
    return fixes;
  }

  /** Arrivals and departures from the piece's start to `end`, as indices from the piece's start. */
  private pins(end: number): number[] {
    const pins: number[] = [];
    const add = (index: number) => {
      if (index >= this.pieceStart && index < end) pins.push(index - this.pieceStart);
    };
    for (let at = this.span; at < this.finder.spans.length; at += 1) {
      const span = this.finder.spans[at]!;
      if (span.first >= end) break;
      add(span.first);
      add(span.last);
    }
    while ((this.finder.spans[this.span]?.last ?? end) < end) this.span += 1;
    const arrival = this.finder.arrival;
    if (arrival !== undefined) add(arrival);
    return pins;
  }

  private thinPiece(end: number): void {
    const withBefore = this.fixesTo(end);
    const offset = this.pieceStart > 0 ? 1 : 0;
    const piece = withBefore.slice(offset);
    const pins = this.pins(end);
    const share = Math.max(2, Math.ceil((4 * this.maxPoints * piece.length) / Math.max(1, this.expected)));
    const pinned = new Set(pins);
    for (const index of thinnedIndices(piece, share, pins)) {
      this.kept.push({
        fix: { ...piece[index]!, speedKmh: speedAt(withBefore, index + offset) },
        pinned: pinned.has(index),
      });
    }
    this.pieceStart = end;
  }
}
