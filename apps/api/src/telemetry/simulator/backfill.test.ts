// The demo fleet's history ends with every vehicle standing still, whatever the time of day it is
// drawn: a lock asked for a demo vehicle is never held as if it were on the road.
import { describe, expect, it } from 'vitest';
import { currentSpeedKmh, DEFAULT_LOCK_MAX_SPEED_KMH, holdsLock } from '@sentinel/domain';
import { planDemoDays } from './backfill';

const MINUTE_MS = 60_000;
// A Thursday and a Saturday in Johannesburg (their midnights are 22:00 UTC the evening before).
const THURSDAY = Date.parse('2026-11-25T22:00:00.000Z');
const SATURDAY = Date.parse('2026-11-27T22:00:00.000Z');

/** The speed a lock request reads from the history drawn up to `end`. */
function speedAtEnd(vehicleId: number, midnight: number, end: number): number {
  const { fixes } = planDemoDays(vehicleId, midnight, 1, end, 15_000);
  const [previous, latest] = fixes.slice(-2).map(({ at, latitudeDegrees, longitudeDegrees }) => ({
    at,
    latitudeDegrees,
    longitudeDegrees,
  }));
  return currentSpeedKmh(previous, latest, new Date(end));
}

describe('given the demo history drawn up to any minute of a weekday and a weekend day', () => {
  it('leaves every vehicle standing still, so no lock would wait for it to slow down', () => {
    const moving: string[] = [];
    for (const midnight of [THURSDAY, SATURDAY]) {
      for (let minute = 5; minute < 24 * 60; minute += 5) {
        const end = midnight + minute * MINUTE_MS;
        for (let vehicleId = 1; vehicleId <= 60; vehicleId += 11) {
          const speed = speedAtEnd(vehicleId, midnight, end);
          if (holdsLock(speed, DEFAULT_LOCK_MAX_SPEED_KMH)) {
            moving.push(`vehicle ${vehicleId} at ${new Date(end).toISOString()}: ${speed.toFixed(0)} km/h`);
          }
        }
      }
    }
    expect(moving).toEqual([]);
  });

  it('still drives the day’s trips that end before the history does', () => {
    const { fixes } = planDemoDays(8, THURSDAY, 1, THURSDAY + 23 * 60 * MINUTE_MS, 15_000);
    // Two commutes of several kilometres at one fix every 15 s, beside the half-hourly parked fixes.
    expect(fixes.length).toBeGreaterThan(100);
  });
});
