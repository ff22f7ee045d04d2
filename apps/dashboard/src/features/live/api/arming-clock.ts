// A schedule arms and disarms a vehicle by the clock, and the server sends no message then: a cached
// vehicle's `armed` (the server's answer when it was read) would stay as it was past a window's edge.
// So once a minute, just after the minute turns (every window starts and ends on a whole minute),
// each cached vehicle whose schedule window changed since the last look gets `armed` again from the
// domain's armedAt, as the server would answer it now. No request: the patch is the rule itself.
import type { QueryClient } from '@tanstack/react-query';
import { armedAt, scheduleWindowAt } from '@sentinel/domain';
import type { ArmingSchedule } from '@sentinel/api-sdk';
import { cachedVehicles, patchCachedVehicles } from '../../../lib/server-cache';
import type { VehiclePatch } from '../../../lib/server-cache';

/** How long after a whole minute the clock looks, so a timer that fires a little early still sees the edge. */
export const ARMING_CLOCK_MARGIN_MS = 500;

/** Which window of the schedule holds `at` (its start), or null outside every window. */
function windowStart(schedule: ArmingSchedule, at: Date): number | null {
  return scheduleWindowAt(schedule, at)?.start.getTime() ?? null;
}

/**
 * Armed at the edge of a window, whatever set a window aside before: a disarm inside a window sets it
 * aside only until that window ends, and windows never overlap (a schedule's end differs from its start).
 */
const armedNow =
  (now: Date): VehiclePatch =>
  (vehicle) => ({
    ...vehicle,
    armed:
      armedAt({ armedSince: vehicle.armedSince, armingSchedule: vehicle.armingSchedule }, now) !== undefined,
  });

/** Looks once a minute until stopped; returns stop. */
export function startArmingClock(queryClient: QueryClient): () => void {
  let lastLook = new Date();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const look = () => {
    const now = new Date();
    const patches = new Map<number, VehiclePatch>();
    for (const vehicle of cachedVehicles(queryClient)) {
      const schedule = vehicle.armingSchedule;
      if (schedule === null || patches.has(vehicle.id)) continue;
      if (windowStart(schedule, lastLook) !== windowStart(schedule, now)) {
        patches.set(vehicle.id, armedNow(now));
      }
    }
    lastLook = now;
    patchCachedVehicles(queryClient, patches);
    lookNextMinute();
  };

  function lookNextMinute() {
    timer = setTimeout(look, 60_000 - (Date.now() % 60_000) + ARMING_CLOCK_MARGIN_MS);
  }

  lookNextMinute();
  return () => clearTimeout(timer);
}
