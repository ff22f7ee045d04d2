import { describe, expect, it } from 'vitest';
import { pathMetres } from './geo';
import { findStopSpans } from './trips';
import { thinFixes, thinnedIndexSteps } from './thin';
import { runSteps } from './steps';
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

describe('given the same week thinned a piece at a time', () => {
  const fixes = week();
  const spans = findStopSpans(fixes);
  const pins = spans.flatMap((span) => [span.first, span.last]);

  it('pauses after each piece and keeps at most the limit, in time order', () => {
    const steps = thinnedIndexSteps(fixes, 3000, pins, 5000);
    let pauses = 0;
    let step = steps.next();
    for (; step.done !== true; step = steps.next()) pauses += 1;
    const kept = step.value;

    expect(pauses).toBe(Math.ceil(fixes.length / 5000));
    expect(kept.length).toBeLessThanOrEqual(3000);
    expect(kept.length).toBeGreaterThan(100);
    expect(kept).toEqual([...kept].sort((a, b) => a - b));
    expect(kept[0]).toBe(0);
    expect(kept.at(-1)).toBe(fixes.length - 1);
  });

  it('keeps every turn of the road and the arrival and departure of every stop', () => {
    const thinned = runSteps(thinnedIndexSteps(fixes, 3000, pins, 5000)).map((index) => fixes[index]!);
    for (const waypoint of M1_NORTH) {
      const near = thinned.filter(
        (fix) =>
          Math.abs(fix.latitudeDegrees - waypoint.latitudeDegrees) < 0.0005 &&
          Math.abs(fix.longitudeDegrees - waypoint.longitudeDegrees) < 0.0005,
      );
      expect(near.length, JSON.stringify(waypoint)).toBeGreaterThan(0);
    }
    for (const index of pins) expect(thinned).toContain(fixes[index]);
  });

  it('thins a series of one piece as thinFixes does', () => {
    const day = fixes.slice(0, 4000);
    expect(runSteps(thinnedIndexSteps(day, 1000)).map((index) => day[index])).toEqual(thinFixes(day, 1000));
  });
});

describe('given fewer fixes than the limit', () => {
  it('keeps them all', () => {
    const track = new TrackRecorder('2026-03-02T06:00:00.000Z', 10);
    track.drive(M1_NORTH, 80);
    expect(thinFixes(track.fixes, 3000)).toEqual(track.fixes);
  });
});
