import { describe, expect, it } from 'vitest';
import type { ReplayFix } from '../contract/replay';
import {
  advance,
  fixIndexAt,
  formatCoordinates,
  formatDistance,
  formatDuration,
  formatReplayDayTime,
  formatReplayTime,
  markerAt,
  SKIP_GAP_MS,
} from './playback';

const fix = (at: string, latitudeDegrees: number, speedKmh = 36): ReplayFix => ({
  at,
  latitudeDegrees,
  longitudeDegrees: 28,
  speedKmh,
});
// Two fixes a minute apart, then the vehicle parked for two hours.
const fixes = [
  fix('2026-03-02T06:00:00.000Z', -26.0, 0),
  fix('2026-03-02T06:01:00.000Z', -26.01),
  fix('2026-03-02T08:01:00.000Z', -26.01, 0),
  fix('2026-03-02T08:02:00.000Z', -26.02),
];
const times = fixes.map((each) => Date.parse(each.at));

describe('the marker', () => {
  it('finds the fix at or before a time', () => {
    expect(fixIndexAt(times, times[0]! - 1)).toBe(0);
    expect(fixIndexAt(times, times[1]!)).toBe(1);
    expect(fixIndexAt(times, times[1]! + 1)).toBe(1);
    expect(fixIndexAt(times, times[3]! + 1)).toBe(3);
  });

  it('moves in a straight line between two fixes, at the speed of that stretch', () => {
    const marker = markerAt(fixes, times, times[0]! + 30_000);
    expect(marker).toMatchObject({ index: 0, speedKmh: 36 });
    expect(marker!.latitudeDegrees).toBeCloseTo(-26.005, 6);
  });

  it('stands still at 0 km/h through a parked silence', () => {
    expect(markerAt(fixes, times, times[1]! + 3600_000)).toMatchObject({ speedKmh: 0, index: 1 });
  });

  it('has no place without fixes', () => {
    expect(markerAt([], [], 0)).toBeUndefined();
  });
});

describe('playing', () => {
  it('plays a minute of the track per second at 1x and 16 minutes at 16x', () => {
    expect(advance(times, times[0]!, 500, 1)).toBe(times[0]! + 30_000);
    expect(advance(times, times[2]!, 100, 16)).toBe(times[2]! + 60_000);
  });

  it('jumps over a silence longer than five minutes', () => {
    expect(times[2]! - times[1]!).toBeGreaterThan(SKIP_GAP_MS);
    expect(advance(times, times[1]! + 1000, 16, 1)).toBe(times[2]);
  });

  it('stops at the last fix', () => {
    expect(advance(times, times[3]! - 1000, 1000, 64)).toBe(times[3]);
  });
});

describe('formats', () => {
  it('shows times in Johannesburg', () => {
    expect(formatReplayTime('2026-03-02T06:01:30.000Z')).toBe('08:01:30');
    expect(formatReplayDayTime('2026-03-02T06:01:30.000Z')).toBe('Mon, 02 Mar, 08:01');
  });

  it('shows distances, durations and places', () => {
    expect(formatDistance(850.4)).toBe('850 m');
    expect(formatDistance(18_412)).toBe('18.4 km');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(19 * 60 + 10)).toBe('19 min');
    expect(formatDuration(2 * 3600 + 5 * 60)).toBe('2 h 05 min');
    expect(formatCoordinates(-26.056, 28.088)).toBe('-26.05600, 28.08800');
  });
});
