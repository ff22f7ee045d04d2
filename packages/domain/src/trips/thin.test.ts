import { describe, expect, it } from 'vitest';
import { pathMetres } from './geo';
import { findStopSpans } from './trips';
import { thinFixes } from './thin';
import { FixThinning, FixWindow, StopFinder } from './trip-stream';
import type { RecordedFix } from './fixes';
import { M1_NORTH, TrackRecorder } from './test-tracks';

const SOUTH = [...M1_NORTH].reverse();

/** A week of a vehicle reporting every 10 s: two commutes a day, parked (and reporting) between. */
function week() {
  const track = new TrackRecorder('2026-03-01T22:00:00.000Z', 10);
  for (let day = 0; day < 7; day += 1) {
    track.stay(M1_NORTH[0]!, 8 * 3600);
    track.drive(M1_NORTH, 70);
    track.stay(M1_NORTH.at(-1)!, 9 * 3600);
    track.drive(SOUTH, 60);
    track.stay(M1_NORTH[0]!, 6.5 * 3600);
  }
  return track.fixes;
}

describe('given a week of fixes every 10 seconds', () => {
  const fixes = week();

  it('holds about 60,000 fixes', () => {
    expect(fixes.length).toBeGreaterThan(55_000);
  });

  it('thins them to at most the limit', () => {
    const thinned = thinFixes(fixes, 3000);
    expect(thinned.length).toBeLessThanOrEqual(3000);
    expect(thinned.length).toBeGreaterThan(100);
    expect(thinned[0]).toBe(fixes[0]);
    expect(thinned.at(-1)).toBe(fixes.at(-1));
  });

  it('keeps every turn of the road', () => {
    const thinned = thinFixes(fixes, 3000);
    for (const waypoint of M1_NORTH) {
      const near = thinned.filter(
        (fix) =>
          Math.abs(fix.latitudeDegrees - waypoint.latitudeDegrees) < 0.0005 &&
          Math.abs(fix.longitudeDegrees - waypoint.longitudeDegrees) < 0.0005,
      );
      expect(near.length, JSON.stringify(waypoint)).toBeGreaterThan(0);
    }
  });

  it('draws each drive, departure to arrival, as long as the road', () => {
    const spans = findStopSpans(fixes);
    const thinned = thinFixes(
      fixes,
      3000,
      spans.flatMap((span) => [span.first, span.last]),
    );
    const departure = fixes[spans[0]!.last]!.at;
    const arrival = fixes[spans[1]!.first]!.at;
    const drive = thinned.filter((fix) => fix.at >= departure && fix.at <= arrival);
    expect(Math.abs(pathMetres(drive) - pathMetres(M1_NORTH))).toBeLessThan(100);
  });

  it('keeps the arrival and departure of every stop it is told to', () => {
    const spans = findStopSpans(fixes);
    const pins = spans.flatMap((span) => [span.first, span.last]);
    const thinned = thinFixes(fixes, 3000, pins);
    expect(thinned.length).toBeLessThanOrEqual(3000);
    for (const index of pins) expect(thinned).toContain(fixes[index]);
  });

  it('keeps the time order', () => {
    const times = thinFixes(fixes, 3000).map((fix) => Date.parse(fix.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});

/** The fixes arriving a page at a time, thinned as they come, as the api does. */
function thinnedAsTheyCome(fixes: readonly RecordedFix[], pageSize: number, maxPoints = 3000) {
  const window = new FixWindow();
  const finder = new StopFinder(window);
  const thinning = new FixThinning(window, finder, maxPoints, fixes.length);
  for (let start = 0; start < fixes.length; start += pageSize) {
    window.push(fixes.slice(start, start + pageSize));
    finder.advance(false);
    thinning.advance();
    window.release(Math.min(finder.decided, thinning.needs));
  }
  finder.advance(true);
  return thinning.finish();
}

describe('given the same week arriving a page at a time', () => {
  const fixes = week();
  const spans = findStopSpans(fixes);
  const thinned = thinnedAsTheyCome(fixes, 1000);

  it('keeps at most the limit, in time order, from the first fix to the last', () => {
    expect(thinned.length).toBeLessThanOrEqual(3000);
    expect(thinned.length).toBeGreaterThan(100);
    const times = thinned.map((fix) => Date.parse(fix.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(thinned[0]!.at).toBe(fixes[0]!.at);
    expect(thinned.at(-1)!.at).toBe(fixes.at(-1)!.at);
  });

  it('keeps every turn of the road and the arrival and departure of every stop', () => {
    for (const waypoint of M1_NORTH) {
      const near = thinned.filter(
        (fix) =>
          Math.abs(fix.latitudeDegrees - waypoint.latitudeDegrees) < 0.0005 &&
          Math.abs(fix.longitudeDegrees - waypoint.longitudeDegrees) < 0.0005,
      );
      expect(near.length, JSON.stringify(waypoint)).toBeGreaterThan(0);
    }
    const kept = new Set(thinned.map((fix) => fix.at));
    for (const span of spans) {
      expect(kept).toContain(fixes[span.first]!.at);
      expect(kept).toContain(fixes[span.last]!.at);
    }
  });

  it('answers the same whatever the page size', () => {
    expect(thinnedAsTheyCome(fixes, 333)).toEqual(thinned);
  });

  it('thins a series of one piece as thinFixes does, with speeds', () => {
    const day = fixes.slice(2800, 4800);
    const answer = thinnedAsTheyCome(day, 250, 1000);
    expect(answer.length).toBeLessThan(day.length);
    expect(answer.map(({ speedKmh: _speed, ...fix }) => fix)).toEqual(
      thinFixes(
        day,
        1000,
        findStopSpans(day).flatMap((span) => [span.first, span.last]),
      ),
    );
  });
});

describe('given fewer fixes than the limit', () => {
  it('keeps them all', () => {
    const track = new TrackRecorder('2026-03-02T06:00:00.000Z', 10);
    track.drive(M1_NORTH, 80);
    expect(thinFixes(track.fixes, 3000)).toEqual(track.fixes);
  });
});
