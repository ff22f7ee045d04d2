// The hub's messages written into the query cache, where every screen reads a vehicle's facts.
import { startTransition } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type {
  DeviceCommandStatusMessage,
  DeviceGpsLocationMessage,
  DeviceLockUnlockMessage,
  DeviceTamperMessage,
} from '@sentinel/api-sdk';
import { isOpenCommand } from '@sentinel/domain';
import {
  commandKeys,
  historyKeys,
  patchCachedVehicle,
  patchCachedVehicles,
  receiveCommand,
  userKeys,
  vehicleKeys,
} from '../../../lib/server-cache';
import type { VehiclePatch } from '../../../lib/server-cache';
import { withGpsFix, withLockState, withTamper } from '../../../lib/vehicle-live/live-vehicle';

/** How long GPS fixes gather before they are written together. */
export const GPS_FLUSH_MS = 50;

export interface LiveCacheWriter {
  gpsLocation(message: DeviceGpsLocationMessage): void;
  lockUnlock(message: DeviceLockUnlockMessage): void;
  tamper(message: DeviceTamperMessage): void;
  commandStatus(message: DeviceCommandStatusMessage): void;
  onboardingStatus(): void;
  /** After a reconnect: messages may have been missed, so the cached vehicles are asked again. */
  reconnected(): void;
  /** Drops fixes not yet written (the connection stopped). */
  stop(): void;
}

export function createLiveCacheWriter(queryClient: QueryClient): LiveCacheWriter {
  // Fixes come by the hundred a second with a fleet on the hub, and a fleet's devices report
  // together: the newest fix of each vehicle is kept and all are written in one pass over the
  // cached queries, as a transition, so the cards a burst moves render in slices between the
  // browser's other work, not in one long task (see the README, "Live updates").
  let fixes = new Map<number, DeviceGpsLocationMessage>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flushFixes = () => {
    timer = undefined;
    const receivedAt = new Date();
    const patches = new Map<number, VehiclePatch>();
    for (const [vehicleId, fix] of fixes)
      patches.set(vehicleId, (vehicle) => withGpsFix(vehicle, fix, receivedAt));
    fixes = new Map();
    startTransition(() => patchCachedVehicles(queryClient, patches));
  };

  // A lock or tamper message may follow a fix still gathering: the fix is written first, in order.
  const flushNow = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    flushFixes();
  };

  return {
    gpsLocation(message) {
      fixes.set(message.vehicleId, message);
      timer ??= setTimeout(flushFixes, GPS_FLUSH_MS);
    },
    // Few, and a person may be waiting for them: written at once.
    lockUnlock(message) {
      flushNow();
      patchCachedVehicle(queryClient, message.vehicleId, (vehicle) => withLockState(vehicle, message));
    },
    tamper(message) {
      flushNow();
      patchCachedVehicle(queryClient, message.vehicleId, (vehicle) => withTamper(vehicle, message));
    },
    // A lock or unlock moved on: the card shows where it stands, and one that ended (confirmed,
    // failed, expired, cancelled) is a new history entry.
    commandStatus(message) {
      receiveCommand(queryClient, message);
      if (!isOpenCommand(message.status)) {
        void queryClient.invalidateQueries({ queryKey: historyKeys.byVehicle(message.vehicleId) });
      }
    },
    // Another agent moved a vehicle between onboarding stages: the onboarding tabs and the client
    // lists filter on the status (and on the owners' vehicle counts), so the open ones ask again.
    onboardingStatus() {
      void queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
    reconnected() {
      flushNow();
      void queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
      void queryClient.invalidateQueries({ queryKey: commandKeys.all });
    },
    stop() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      fixes = new Map();
    },
  };
}
